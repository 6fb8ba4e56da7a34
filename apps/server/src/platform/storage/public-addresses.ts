import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';

/**
 * Addresses an object-storage endpoint may not lead to unless the deployment allows it (OSS_PRIVATE_ENDPOINTS):
 * this machine, private networks, link-local (cloud metadata services at 169.254.169.254), shared and unspecified
 * ranges. A tenant's administrator types the endpoint; without this, the server would connect wherever it is told
 * (a request of the server's own, inside its network).
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** The code of the connection error a refused address gives (StorageError's reason tells it apart). */
export const INTERNAL_ADDRESS = 'EINTERNALADDRESS';

/** Whether an IP address is one of the internal ranges (an IPv4 address mapped into IPv6 counts as its IPv4 one). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  const family = isIP(address);
  return family === 0 || INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * dns.lookup that refuses a name resolving to any internal address. It runs as the connection is made (undici's
 * `connect.lookup`), so a name that resolved elsewhere when it was saved cannot lead inside later.
 */
function publicLookup(hostname: string, options: object, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const internal = addresses.find((a) => isInternalAddress(a.address));
    if (internal) return callback(refusal(hostname, internal.address), []);
    // undici asks for one address unless it says `all`.
    if ((options as { all?: boolean }).all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** The refusal of an internal address, as a connection error with its own code. */
function refusal(host: string, address: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`${host} is an internal address (${address})`);
  error.code = INTERNAL_ADDRESS;
  return error;
}

const lookupConnector = buildConnector({ lookup: publicLookup } as buildConnector.BuildOptions);

/**
 * Connects only to public addresses: a name through publicLookup, an address written as such (which no lookup
 * sees: `http://127.0.0.1:9000`, `http://[::1]`) checked here.
 */
const publicConnector: buildConnector.connector = (options, callback) => {
  const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && isInternalAddress(host)) return callback(refusal(options.hostname, host), null);
  lookupConnector(options, callback);
};

/** Connections that only reach public addresses (the default for object storage). */
export const PUBLIC_ONLY = new Agent({ connect: publicConnector });
/** Connections to any address (OSS_PRIVATE_ENDPOINTS=true: a MinIO on the deployment's own network). */
export const ANY_ADDRESS = new Agent();
