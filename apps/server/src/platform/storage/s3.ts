import { createHash, createHmac } from 'node:crypto';
import type { ErrorKey, MessageParams } from '@property/domain';
import { fetch, type Response } from 'undici';
import { ANY_ADDRESS, INTERNAL_ADDRESS, PUBLIC_ONLY } from './public-addresses';

/**
 * A small S3 client: PUT, GET and DELETE of one object, each request signed
 * with AWS Signature Version 4 (the `Authorization` header form). MinIO,
 * Qiniu Kodo, Aliyun OSS and Tencent COS all take these requests on their
 * S3-compatible endpoints. Written against the published algorithm
 * (docs: "Authenticating Requests: Using the Authorization Header (AWS
 * Signature Version 4)"); test/s3-signing.test.ts checks it with AWS's own
 * example request.
 */

/** Where a bucket is and how to sign for it. */
export interface Bucket {
  /** scheme://host[:port] of the S3 API. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  /** MinIO answers buckets as the first path segment; the clouds as the first label of the host name. */
  pathStyle: boolean;
  /**
   * Whether the endpoint may be an internal address (this machine, a private network): only where the deployment
   * allows it (OSS_PRIVATE_ENDPOINTS=true, a MinIO of its own). Otherwise the connection refuses such an address
   * as it is made (public-addresses.ts).
   */
  internalAllowed: boolean;
}

/** A request as it is signed: its method, address, headers (lower-case names) and the SHA-256 of its body. */
export interface SignedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** The SHA-256 of an empty body, which GET and DELETE sign. */
export const EMPTY_SHA256 = sha256Hex('');

/** RFC 3986 encoding of one path segment, as SigV4 canonicalises S3 paths (S3 encodes the path once). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** yyyyMMdd'T'HHmmss'Z' */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Signs a request: adds `x-amz-date`, `x-amz-content-sha256` and `authorization` to its headers.
 * Every header given is signed, and `host` (from the address) always.
 */
export function signRequest(
  request: SignedRequest,
  credentials: { accessKey: string; secretKey: string; region: string },
  payloadHash: string,
  now: Date,
): Record<string, string> {
  const stamp = amzDate(now);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])),
    host: request.url.host,
    'x-amz-date': stamp,
    'x-amz-content-sha256': payloadHash,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalPath = request.url.pathname
    .split('/')
    .map((s) => encodeSegment(decodeURIComponent(s)))
    .join('/');
  const canonicalQuery = [...request.url.searchParams.entries()]
    .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`)
    .sort()
    .join('&');
  const canonical = [request.method, canonicalPath, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonical)].join('\n');
  const key = ['s3', 'aws4_request'].reduce(
    (k, part) => hmac(k, part),
    hmac(hmac(`AWS4${credentials.secretKey}`, day), credentials.region),
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  delete headers.host; // fetch sends the address's own Host header, the one signed
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** The address of an object: path-style (endpoint/bucket/key) or virtual-hosted (bucket.host/key). */
export function objectUrl(bucket: Bucket, key: string): URL {
  const base = new URL(bucket.endpoint);
  const path = key
    .split('/')
    .map((s) => encodeSegment(s))
    .join('/');
  if (bucket.pathStyle) return new URL(`${base.origin}/${encodeSegment(bucket.bucket)}/${path}`);
  return new URL(`${base.protocol}//${bucket.bucket}.${base.host}/${path}`);
}

/**
 * A refusal or failure of the object storage, with the message to show (an `errors` key and its values).
 * Not an ApiError: what a caller answers depends on who asked (an uploader is told, an anonymous reader
 * of a public image gets nothing about the bucket).
 */
export class StorageError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: MessageParams,
  ) {
    super(`${key} ${JSON.stringify(params)}`);
  }
}

/** The `<Code>` of an S3 error answer (XML), if it has one. */
function errorCode(body: string): string {
  return /<Code>([^<]{1,100})<\/Code>/.exec(body)?.[1] ?? '';
}

/** How long one request may take: a bucket that does not answer must not hold an upload for minutes. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Sends one signed request. Redirects are not followed (a bucket answers with its data or an error, and
 * nothing it says may send the server elsewhere). A refusal becomes a StorageError naming what to check.
 */
async function send(
  bucket: Bucket,
  method: 'PUT' | 'GET' | 'DELETE',
  key: string,
  body?: Buffer,
  contentType = 'application/octet-stream',
): Promise<Response> {
  const url = objectUrl(bucket, key);
  const headers = signRequest(
    { method, url, headers: body ? { 'content-type': contentType } : {} },
    bucket,
    body ? sha256Hex(body) : EMPTY_SHA256,
    new Date(),
  );
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body ? new Uint8Array(body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      dispatcher: bucket.internalAllowed ? ANY_ADDRESS : PUBLIC_ONLY,
    });
  } catch (error) {
    // Node's fetch says why in its cause (ECONNREFUSED, ENOTFOUND, a timeout), or only in its message (a port it refuses).
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === INTERNAL_ADDRESS) throw new StorageError('ossEndpointInternal', { endpoint: bucket.endpoint });
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new StorageError('ossUnreachable', { endpoint: bucket.endpoint, reason });
  }
  return response;
}

/** Turns an answer that is not a success into the StorageError saying what to check. */
async function refusal(bucket: Bucket, response: Response): Promise<StorageError> {
  const code = errorCode(await response.text().catch(() => ''));
  if (response.status === 403 || ['SignatureDoesNotMatch', 'InvalidAccessKeyId', 'AccessDenied'].includes(code)) {
    return new StorageError('ossAccessDenied', { code: code || String(response.status), bucket: bucket.bucket });
  }
  if (code === 'NoSuchBucket') return new StorageError('ossNoBucket', { bucket: bucket.bucket });
  return new StorageError('ossFailed', { status: response.status, code: code || '-' });
}

export async function putObject(bucket: Bucket, key: string, body: Buffer, contentType?: string): Promise<void> {
  const response = await send(bucket, 'PUT', key, body, contentType);
  if (!response.ok) throw await refusal(bucket, response);
  await response.arrayBuffer();
}

/** The object's bytes, or undefined when the bucket has no such key. */
export async function getObject(bucket: Bucket, key: string): Promise<Buffer | undefined> {
  const response = await send(bucket, 'GET', key);
  if (response.ok) return Buffer.from(await response.arrayBuffer());
  const error = await refusal(bucket, response);
  if (response.status === 404 && error.key !== 'ossNoBucket') return undefined;
  throw error;
}

/** Deletes the object (S3 answers 204 whether or not it was there). */
export async function deleteObject(bucket: Bucket, key: string): Promise<void> {
  const response = await send(bucket, 'DELETE', key);
  if (!response.ok && response.status !== 404) throw await refusal(bucket, response);
  await response.arrayBuffer().catch(() => undefined);
}
