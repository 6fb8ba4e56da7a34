import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';

/**
 * docs/calls.tsv lists every call of the spec (§7), 475 of them: each one is a route of this server, reachable
 * (without a token it is refused or answered, never "no such path").
 */
const calls = readFileSync(new URL('../../../docs/calls.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [method, path, , section] = line.split('\t');
    return { method: method as 'GET' | 'POST', path, section };
  });

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ seedDemo: false });
});
afterAll(async () => server?.close());

describe('every call of the spec', () => {
  it('are all listed', () => expect(calls).toHaveLength(475));
  for (const call of calls) {
    const name = `${call.method} ${call.path} (§${call.section})`;
    it(name, async () => {
      expect(server.built.app.hasRoute({ method: call.method, url: call.path })).toBe(true);
      // Reachable: without a token it is refused (401) or answered, never "no such path".
      const response = await fetch(`${server.url}${call.path}`, { method: call.method });
      expect(response.status).not.toBe(404);
    });
  }
});
