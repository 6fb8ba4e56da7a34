import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Every end-to-end suite (`*.e2e.ts` beside this file), one after another in this one test file. One file
 * keeps the browser tests on a single worker for the whole run while the API and unit tests use the other
 * worker (vitest.config.ts): they overlap instead of taking turns. Each suite is a describe block that starts
 * and closes its own server and browser.
 *
 * `E2E=billing,club npx vitest run --project e2e` runs only the named suites.
 */
const only = process.env.E2E?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const suites = readdirSync(fileURLToPath(new URL('.', import.meta.url)))
  .filter((file) => file.endsWith('.e2e.ts'))
  .filter((file) => !only || only.includes(file.slice(0, -'.e2e.ts'.length)))
  .sort();
if (only && suites.length !== only.length) throw new Error(`E2E names unknown suites: ${only.join(', ')}`);
for (const suite of suites) await import(`./${suite}`);
