import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Files smaller than this go as they are: compressing them saves less than its headers cost. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|svg|html|json|txt)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of every compressible file of the build, beside it
 * (`x.js.br`, `x.js.gz`). The server sends them as they are (@fastify/static `preCompressed`, app.ts)
 * instead of compressing each file on every request: the first visit's 80 or so chunks cost the
 * server no CPU beside the browser's on a small machine, and arrive smaller than a request-time
 * compression at a fast level would make them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle(error?: Error) {
      // A failed build wrote nothing (or not all): its own error is the one to see.
      if (error || !existsSync(outDir)) return;
      const visit = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) visit(path);
          else if (COMPRESSIBLE.test(name) && statSync(path).size >= MIN_BYTES) {
            const content = readFileSync(path);
            const brotli = brotliCompressSync(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            });
            writeFileSync(`${path}.br`, brotli);
            writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
          }
        }
      };
      visit(outDir);
    },
  };
}
