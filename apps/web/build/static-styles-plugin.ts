import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const DEV_PATH = '/antd-static.css';

/** Runs build/static-styles.tsx in a child process: it renders React on Node, outside Vite's module graph. */
function renderStaticStyles(): string {
  return execFileSync(
    process.execPath,
    [createRequire(import.meta.url).resolve('tsx/cli'), fileURLToPath(new URL('./static-styles.tsx', import.meta.url))],
    { cwd: fileURLToPath(new URL('..', import.meta.url)), maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' },
  );
}

/**
 * Puts the CSS of the console's antd and ProComponents components (made by
 * build/static-styles.tsx; why: see there) on the page as a stylesheet ahead
 * of the scripts, so it is in place before antd's first render looks for it.
 * Emitted as a file of its own, long-cached by its hash, and kept out of
 * Vite's CSS minifier: it is already compact, and the libraries' few
 * malformed rules (which browsers skip) would stop or clutter the build.
 */
export function antdStaticStyles(): Plugin {
  let css: string | undefined;
  let fileName = DEV_PATH.slice(1);
  const styles = () => (css ??= renderStaticStyles());
  return {
    name: 'antd-static-styles',
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_req, res) => {
        res.setHeader('Content-Type', 'text/css');
        res.end(styles());
      });
    },
    generateBundle() {
      const hash = createHash('sha256').update(styles()).digest('base64url').slice(0, 10);
      fileName = `assets/antd-static-${hash}.css`;
      this.emitFile({ type: 'asset', fileName, source: styles() });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' }],
    },
  };
}
