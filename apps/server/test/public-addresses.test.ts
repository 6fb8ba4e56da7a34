import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import type { LookupAddress } from 'node:dns';
import {
  ANY_ADDRESS,
  INTERNAL_ADDRESS,
  isInternalAddress,
  PUBLIC_ONLY,
  publicConnector,
  publicLookup,
  type ResolveAll,
} from '../src/platform/storage/public-addresses';

/** Where object storage may connect by default: public addresses only (platform/storage/public-addresses.ts). */
describe('internal addresses', () => {
  it('are this machine, private networks, link-local, shared, benchmarking, multicast and reserved ranges, in IPv4, IPv6 and IPv4 carried in IPv6', () => {
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
      '::ffff:7f00:1',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '198.18.0.1',
      '192.0.0.8',
      '224.0.0.1',
      '255.255.255.255',
      'ff02::1',
      '100::1',
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
      '198.20.0.1',
      '223.255.255.254',
      '2001:4860:4860::8888',
    ])
      expect(isInternalAddress(external), external).toBe(false);
  });

  describe('the lookup a connection makes', () => {
    /** A resolver answering these addresses for any name (or failing), as dns.lookup with `all` does. */
    const answering =
      (addresses: LookupAddress[], error: NodeJS.ErrnoException | null = null): ResolveAll =>
      (_name, options, callback) => {
        expect(options.all).toBe(true);
        callback(error, addresses);
      };
    const look = (resolve: ResolveAll, all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((done) =>
        publicLookup(resolve)('bucket.example.com', all ? { all: true } : {}, (error, address, family) =>
          done({ error, address, family }),
        ),
      );
    const outside = { address: '47.96.1.1', family: 4 };

    it('passes a public answer on: one address, or all when asked', async () => {
      expect(await look(answering([outside]), false)).toEqual({ error: null, address: '47.96.1.1', family: 4 });
      expect(await look(answering([outside]), true)).toEqual({ error: null, address: [outside], family: undefined });
    });

    it('refuses a name any of whose addresses is internal, naming the name and the address', async () => {
      const { error, address } = await look(answering([outside, { address: '10.1.2.3', family: 4 }]), true);
      expect(error?.code).toBe(INTERNAL_ADDRESS);
      expect(error?.message).toBe('bucket.example.com is an internal address (10.1.2.3)');
      expect(address).toEqual([]);
    });

    it('passes a failure to resolve on as it is', async () => {
      const unknown: NodeJS.ErrnoException = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      const { error } = await look(answering([], unknown), false);
      expect(error).toBe(unknown);
    });
  });

  describe('the connector', () => {
    /** What the connector does with a host: refuses it, or hands it on to the connection behind. */
    const connect = (hostname: string) =>
      new Promise<{ refused?: NodeJS.ErrnoException; handedOn: boolean }>((done) => {
        publicConnector((options) => {
          expect(options.hostname).toBe(hostname);
          done({ handedOn: true });
        })({ hostname, protocol: 'http:', port: '9000' }, (...[error]) => done({ refused: error ?? undefined, handedOn: false }));
      });

    it('refuses an internal address written as such, bracketed or not, before any connection', async () => {
      for (const host of ['127.0.0.1', '[::1]', '10.0.0.5', '[fd00::2]']) {
        const { refused, handedOn } = await connect(host);
        expect(handedOn, host).toBe(false);
        expect(refused?.code, host).toBe(INTERNAL_ADDRESS);
        expect(refused?.message, host).toBe(`${host} is an internal address (${host.replace(/^\[(.*)\]$/, '$1')})`);
      }
    });

    it('hands a public address and a name on (the name to the lookup above)', async () => {
      for (const host of ['47.96.1.1', '[2606:4700::1111]', 'bucket.example.com'])
        expect((await connect(host)).handedOn, host).toBe(true);
    });
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
