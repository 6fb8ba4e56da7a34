import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { EntityDef } from '@property/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { uniqueFields } from '../crud/fields';

/**
 * Credentials the server must use again (an object store's secret key, a data source's password) are kept
 * sealed: AES-256-GCM under a key only the server holds, so a copy of the database (a backup, a read replica,
 * a leaked dump) does not hand them out. Passwords the server only checks are hashed instead (auth/).
 *
 * A sealed value reads `sealed:v1:<key id>:<iv | tag | ciphertext, base64url>`. The key id (a short hash
 * of the key) lets a server that was given a new key still open what the old one sealed, and tells
 * startup which values to seal again under the new key (sealStoredSecrets).
 */
const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored value that cannot be opened: sealed under a key this server was not given, or altered. */
export class SealedSecretError extends Error {}

interface SealKey {
  id: string;
  key: Buffer;
}

/** A key from the configured text (SECRETS_KEY, or the token secret when that is unset): any length, stretched to 256 bits. */
function keyOf(text: string): SealKey {
  const key = Buffer.from(hkdfSync('sha256', text, '', 'property-console stored secrets v1', 32));
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

export class SecretSeal {
  private readonly current: SealKey;
  private readonly keys: Map<string, SealKey>;

  /** `current` seals; `previous` (keys given up, SECRETS_KEY_PREVIOUS) only open, until startup has sealed again. */
  constructor(current: string, previous: readonly string[] = []) {
    this.current = keyOf(current);
    this.keys = new Map([...previous.map(keyOf), this.current].map((k) => [k.id, k]));
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${this.current.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /**
   * The plain text of a stored value. A value without the prefix is one stored before sealing began, read as
   * it is until startup seals it. Throws SealedSecretError when the key is unknown or the value was altered.
   */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [id, packed] = stored.slice(PREFIX.length).split(':');
    const key = this.keys.get(id ?? '');
    if (!key || !packed) throw new SealedSecretError(`sealed under an unknown key (${id ?? ''})`);
    const bytes = Buffer.from(packed, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SealedSecretError('sealed value cut short');
    // The whole tag or nothing: GCM would also take a tag cut to 4 bytes, which a forger needs far fewer tries to hit.
    const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedSecretError('sealed value altered');
    }
  }

  /** How every value sealed under the current key begins (startup passes over those in SQL). */
  get currentPrefix(): string {
    return `${PREFIX}${this.current.id}:`;
  }

  /** Whether a stored value is sealed under the current key and opens (an altered one does not count). */
  isCurrent(stored: string): boolean {
    if (!stored.startsWith(this.currentPrefix)) return false;
    try {
      this.open(stored);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A save's values with the entity's sealed columns sealed. A value already sealed under the current key is
   * kept (a row's own value written back); anything else given is the plain text a person typed.
   */
  sealValues(entity: EntityDef, values: Record<string, unknown>): Record<string, unknown> {
    const sealed = { ...values };
    for (const { column } of sealedColumnsOf(entity)) {
      const value = sealed[column];
      if (typeof value === 'string' && value !== '' && !this.isCurrent(value)) sealed[column] = this.seal(value);
    }
    return sealed;
  }
}

/** The entity's fields kept sealed (`sealed: true`), with their columns. */
export function sealedColumnsOf(entity: EntityDef): Array<{ column: string }> {
  return uniqueFields(entity)
    .filter((f) => f.def.sealed === true)
    .map((f) => ({ column: f.column }));
}

/** The server's seal: SECRETS_KEY when set, else the token secret (which several instances share already). */
export function secretSealOf(config: { secretsKey?: string; secretsKeyPrevious: string[]; jwtSecret: string }): SecretSeal {
  return new SecretSeal(config.secretsKey ?? config.jwtSecret, config.secretsKeyPrevious);
}

/**
 * Every start: seals what is stored plain (rows written before sealing began) and seals again what an earlier
 * key sealed (after SECRETS_KEY changed, with the old one in SECRETS_KEY_PREVIOUS). A value no key opens is left
 * as it is and counted: it must be typed again. Each row is changed only if it still holds what was read, so
 * instances starting together do not undo each other.
 */
export async function sealStoredSecrets(
  db: Db,
  seal: SecretSeal,
  entities: readonly EntityDef[],
): Promise<{ sealed: number; unreadable: number }> {
  let sealed = 0;
  let unreadable = 0;
  for (const entity of entities) {
    for (const { column } of sealedColumnsOf(entity)) {
      const table = sql.table(entity.table);
      const ref = sql.ref(column);
      // Values already sealed under the current key are passed over here, not read and opened one by one.
      const rows = await sql<{ id: string; value: string }>`select id, ${ref} as value from ${table}
        where ${ref} is not null and ${ref} <> '' and left(${ref}, ${seal.currentPrefix.length}) <> ${seal.currentPrefix}`.execute(
        db,
      );
      for (const { id, value } of rows.rows) {
        if (seal.isCurrent(value)) continue;
        let plain: string;
        try {
          plain = seal.open(value);
        } catch {
          unreadable += 1;
          continue;
        }
        await sql`update ${table} set ${ref} = ${seal.seal(plain)} where id = ${id} and ${ref} = ${value}`.execute(db);
        sealed += 1;
      }
    }
  }
  return { sealed, unreadable };
}
