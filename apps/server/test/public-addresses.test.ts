import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { ANY_ADDRESS, INTERNAL_ADDRESS, isInternalAddress, PUBLIC_ONLY } from '../src/platform/storage/public-addresses';

/** Where object storage may connect by default: public addresses only (platform/storage/public-addresses.ts). */
describe('internal addresses', () => {
  it('are this machine, private networks, link-local and shared ranges, in IPv4, IPv6 and IPv4 mapped into IPv6', () => {
    for (const internal of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isInternalAddress(internal), internal).toBe(true);
    for (const external of [
      '8.8.8.8',
      '172.32.0.1',
      '172.15.255.255',
      '100.128.0.1',
      '47.96.1.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isInternalAddress(external), external).toBe(false);
  });

  describe('connections', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((_, res) => res.end('inside'));
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => server.close());

    it('to a name resolving to this machine are refused as they are made, by the public-only agent alone', async () => {
      const refusal = await fetch(`http://localhost:${port}/`, { dispatcher: PUBLIC_ONLY }).catch((e: Error) => e);
      expect((refusal as Error & { cause?: { code?: string } }).cause?.code).toBe(INTERNAL_ADDRESS);
      const literal = await fetch(`http://127.0.0.1:${port}/`, { dispatcher: PUBLIC_ONLY }).catch((e: Error) => e);
      expect((literal as Error & { cause?: { code?: string } }).cause?.code).toBe(INTERNAL_ADDRESS);
      const allowed = await fetch(`http://localhost:${port}/`, { dispatcher: ANY_ADDRESS });
      expect(await allowed.text()).toBe('inside');
    });
  });
});
