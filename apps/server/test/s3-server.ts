/**
 * An S3-compatible server for tests: the npm package s3rver (its real HTTP API, buckets on a temporary
 * folder), behind a check of each request's AWS Signature V4. s3rver itself refuses unknown access keys
 * but takes any well-formed V4 signature (its V4 check is unimplemented), so the check here recomputes
 * the signature of the request as it arrived (method, path, query, the headers it names as signed and the
 * payload hash it declares) with the key's real secret, and refuses a mismatch as S3 does: 403
 * SignatureDoesNotMatch. The signing code it recomputes with is checked against AWS's own example
 * request (s3-signing.test.ts), so a request signed with the wrong secret cannot pass.
 */
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signRequest } from '../src/platform/storage/s3';

const require = createRequire(import.meta.url);

interface S3rverInstance {
  configureBuckets(): Promise<void>;
  callback(): (req: IncomingMessage, res: import('node:http').ServerResponse) => void;
  store: {
    existsObject(bucket: string, key: string): Promise<boolean>;
    getObject(bucket: string, key: string): Promise<{ content: NodeJS.ReadableStream } | null>;
  };
}
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair(accessKey: string, secretKey: string): void };
};

/** The key pair the tests' buckets take (registered with s3rver's account, which refuses unknown access keys). */
export const S3_ACCESS_KEY = 'PCTESTACCESSKEY';
export const S3_SECRET_KEY = 'pc-test-secret-4d1f9a7c2b';

export interface TestS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** Requests seen, and how many were refused for their signature. */
  requests: { method: string; path: string; refused: boolean }[];
  /** The stored bytes of an object, read from s3rver's own store (not through our client). */
  objectOf(bucket: string, key: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
}

/** What a signed request declares: its credential's access key, the headers it signed, its signature. */
function authorizationOf(header: string | undefined) {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([^,]+),\s*Signature=([0-9a-f]{64})$/.exec(
      header ?? '',
    );
  return match && { accessKey: match[1]!, region: match[3]!, signed: match[4]!.split(';'), signature: match[5]! };
}

/** Whether the request's signature is the one its access key's secret gives. */
function signatureMatches(req: IncomingMessage, secrets: Record<string, string>): boolean {
  const auth = authorizationOf(req.headers.authorization);
  if (!auth) return false;
  // An access key the test did not register: s3rver answers InvalidAccessKeyId itself.
  if (!(auth.accessKey in secrets)) return true;
  const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
  const headers: Record<string, string> = {};
  for (const name of auth.signed) {
    if (name === 'host' || name === 'x-amz-date' || name === 'x-amz-content-sha256') continue;
    headers[name] = String(req.headers[name] ?? '');
  }
  const stamp = String(req.headers['x-amz-date'] ?? '');
  const when = new Date(
    `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
  );
  if (Number.isNaN(when.getTime())) return false;
  const again = signRequest(
    { method: req.method ?? 'GET', url, headers },
    { accessKey: auth.accessKey, secretKey: secrets[auth.accessKey]!, region: auth.region },
    String(req.headers['x-amz-content-sha256'] ?? ''),
    when,
  );
  return again.authorization === req.headers.authorization;
}

/** Starts s3rver on a free port of 127.0.0.1 with these buckets, behind the signature check. */
export async function startS3(buckets: string[]): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'pc-s3-'));
  const s3 = new S3rver({ directory, silent: true, configureBuckets: buckets.map((name) => ({ name, configs: [] })) });
  await s3.configureBuckets();
  const handle = s3.callback();
  DUMMY_ACCOUNT.createKeyPair(S3_ACCESS_KEY, S3_SECRET_KEY);
  const secrets = { [S3_ACCESS_KEY]: S3_SECRET_KEY };
  const requests: TestS3['requests'] = [];
  const server: Server = createServer((req, res) => {
    const refused = !!req.headers.authorization && !signatureMatches(req, secrets);
    requests.push({ method: req.method ?? '', path: req.url ?? '', refused });
    if (!refused) return handle(req, res);
    res.writeHead(403, { 'Content-Type': 'application/xml' });
    res.end(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    async objectOf(bucket, key) {
      const object = await s3.store.getObject(bucket, key);
      if (!object) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of object.content as AsyncIterable<Buffer>) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
