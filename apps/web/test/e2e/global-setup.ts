import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Builds the console once before any end-to-end file runs (the server serves apps/web/dist), so
 * test files never build into the same folder at the same time. E2E_SKIP_BUILD=1 reuses a build.
 */
export default function buildConsoleOnce(): void {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: 'inherit',
      // Vitest runs with NODE_ENV=test, which would give a build with React's development code.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  process.env.E2E_CONSOLE_BUILT = '1';
}
