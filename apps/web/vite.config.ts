import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress-plugin.ts';
import { antdStaticStyles } from './build/static-styles-plugin.ts';

// react-router's package points every bundler at its development build; a production bundle takes its production build.
const routerDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');

export default defineConfig(({ command }) => ({
  plugins: [react(), antdStaticStyles(), precompress()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: join(routerDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(routerDist, 'dom-export.mjs') },
          ],
        }
      : {},
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // Shared code smaller than 4 KB goes into each chunk that uses it rather than a file of its own. Split
      // by which screens share what, a signed-in start's list screen asked for about ninety files, half of
      // them under 2 KB, six at a time: 72 now, its list call starting sooner and its rows on screen 12% sooner
      // (docs/benchmarks.md). It needs the entry's exports free to move (nothing imports the entry).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 4096 },
          // Two groups of files a first visit would otherwise fetch in dozens of pieces, six at a time (HTTP/1.1):
          // what the first script reaches statically (the sign-in page: React, the router, the messages) in one
          // file, and antd with the rc-* components under it in another, which every page but the sign-in page
          // renders. A signed-in first visit asked for 75 files and its list call waited behind them; now 25,
          // everything in by 0.36 s, the rows on screen sooner (docs/benchmarks.md). The first group goes first
          // (priority): what the sign-in page uses stays out of antd's file, so the sign-in page does not load it.
          groups: [
            { name: 'start', tags: ['$initial'], priority: 2 },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|rc-[^\\/]+|@rc-component|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color|icons|icons-svg|react-slick))[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
}));
