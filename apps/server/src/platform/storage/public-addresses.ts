import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * Addresses an object-storage endpoint may not lead to unless the deployment allows it (OSS_PRIVATE_ENDPOINTS):
 * this machine, private networks, link-local (cloud metadata services at 169.254.169.254), shared, unspecified,
 * benchmarking, multicast and reserved ranges, and the IPv6 forms that carry an IPv4 address inside them
 * (IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::, 6to4 2002::), which could lead to any of those. A tenant's
 * administrator types the endpoint; without this, the server would connect wherever it is told (a request of the
 * server's own, inside its network). A deployment that reaches IPv4 through NAT64 allows private endpoints.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** The code of the connection error a refused address gives (StorageError's reason tells it apart). */
export const INTERNAL_ADDRESS = 'EINTERNALADDRESS';

/**
 * Whether an IP address is one of the internal ranges; anything that is not an address counts as one (refused).
 * An IPv4 address mapped into IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) is checked as its IPv4 one by the BlockList.
 */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  return family === 0 || INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The refusal of an internal address, as a connection error with its own code. */
function refusal(host: string, address: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${host} is an internal address (${address})`);
  error.code = INTERNAL_ADDRESS;
  return error;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** dns.lookup with every address asked for (what publicLookup is given, so a test can give its own answers). */
export type ResolveAll = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A lookup that refuses a name resolving to any internal address. It runs as the connection is made (undici's
 * `connect.lookup`), so a name that resolved elsewhere when it was saved cannot lead inside later.
 */
export function publicLookup(resolve: ResolveAll = lookup) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const internal = addresses.find((a) => isInternalAddress(a.address));
      if (internal) return callback(refusal(hostname, internal.address), []);
      // undici asks for one address unless it says `all`.
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * Connects only to public addresses: an address written as such (`http://127.0.0.1:9000`, `http://[::1]`), which
 * no lookup sees, is checked here; a name goes on to `connect`, whose lookup is publicLookup.
 */
export function publicConnector(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) => {
    const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) && isInternalAddress(host)) return callback(refusal(options.hostname, host), null);
    connect(options, callback);
  };
}

/** Connections that only reach public addresses (the default for object storage). */
export const PUBLIC_ONLY = new Agent({
  connect: publicConnector(buildConnector({ lookup: publicLookup() } as buildConnector.BuildOptions)),
});
/** Connections to any address (OSS_PRIVATE_ENDPOINTS=true: a MinIO on the deployment's own network). */
export const ANY_ADDRESS = new Agent();
