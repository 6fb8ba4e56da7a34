import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const HEX_MD5 = /^[0-9a-f]{32}$/i;

/** Clients of this API send the hex MD5 of what the user typed; every path stores argon2id of that. */
export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** The sign-in value: taken as is when it is already an MD5, else MD5'd (plain passwords from scripts). */
export function signInDigest(password: string): string {
  return HEX_MD5.test(password) ? password.toLowerCase() : md5Hex(password);
}

/** For passwords that arrive as typed (user/submit, reset, update-password, registration). */
export async function hashTypedPassword(typed: string): Promise<string> {
  return hashDigest(md5Hex(typed));
}

export async function hashDigest(digest: string): Promise<string> {
  return hash(digest, { algorithm: 2 }); // 2 = argon2id
}

export async function verifyDigest(stored: string | null | undefined, digest: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, digest);
  } catch {
    return false;
  }
}

/**
 * OAuth client secrets are kept as argon2id like passwords (never listed: the field is secret).
 * A secret stored before that (plain text) is still compared, in constant time, so the caller can
 * replace it with its hash on first use.
 */
export async function hashSecret(secret: string): Promise<string> {
  return hash(secret, { algorithm: 2 });
}

export const isHashedSecret = (stored: string) => stored.startsWith('$argon2');

export async function verifySecret(stored: string | null | undefined, given: string): Promise<boolean> {
  if (!stored) return false;
  if (isHashedSecret(stored)) return verifyDigest(stored, given);
  const [a, b] = [Buffer.from(stored), Buffer.from(given)];
  return a.length === b.length && timingSafeEqual(a, b);
}
