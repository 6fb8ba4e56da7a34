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
 * The CSS of the console's antd and ProComponents components (made by
 * build/static-styles.tsx; why: see there), emitted as a file of its own,
 * long-cached by its hash, and kept out of Vite's CSS minifier: it is already
 * compact, and the libraries' few malformed rules (which browsers skip) would
 * stop or clutter the build.
 *
 * The page names the file in a `<meta name="console-styles">` rather than
 * linking it: the sign-in page uses no antd component and does not wait for
 * 80 KB of CSS before its first paint. app/console-styles.ts links it where the
 * meta stands (the same place in the cascade as a link in the page would be)
 * before antd's first render, which looks for it.
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
      handler: () => [{ tag: 'meta', attrs: { name: 'console-styles', content: `/${fileName}` }, injectTo: 'head' }],
    },
  };
}
