import { createServer } from 'node:net';

/**
 * A port of 127.0.0.1 that nothing listens on: taken from the system, then let go. For a server a test starts on
 * it next (Redis, PostgreSQL, an instance) or for a connection that must be refused.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
