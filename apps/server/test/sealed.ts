import { expect } from 'vitest';
import type { TestServer } from './harness';

/** A stored credential as the server keeps it: sealed, the plain text nowhere in it, and opening to `plain`. */
export function expectSealed(server: TestServer, stored: unknown, plain: string): void {
  expect(stored).toMatch(/^sealed:v1:[0-9a-f]{8}:[\w-]+$/);
  expect(stored).not.toContain(plain);
  expect(server.built.services.secrets.open(String(stored))).toBe(plain);
}
