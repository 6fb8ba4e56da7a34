import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { deleteObject, getObject, putObject, type Bucket } from './s3';

/** Where the bytes of stored files live. Keys are server-made names (STORAGE_NAME), never user input. */
export interface FileDriver {
  readonly kind: 'disk' | 'database' | 'oss';
  /** What a file's row records as its `storage`, so the file is read from here whatever is configured later. */
  readonly storage: string;
  /** `db` is the caller's transaction, so a database write is undone with it. */
  put(db: Db, name: string, bytes: Buffer, contentType?: string): Promise<void>;
  get(db: Db, name: string): Promise<Buffer | undefined>;
  remove(db: Db, name: string): Promise<void>;
}

/** 32 hex characters and an allowed extension: nothing in it can leave the storage folder. */
export const STORAGE_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

function checkedName(name: string): string {
  if (!STORAGE_NAME.test(name)) throw new Error(`not a storage name: ${name}`);
  return name;
}

/** Files under `<root>/<first two characters>/<name>`, so no folder grows too large. */
export class DiskDriver implements FileDriver {
  readonly kind = 'disk';
  readonly storage = 'disk';
  constructor(private readonly root: string) {}

  private pathOf(name: string): string {
    return join(this.root, checkedName(name).slice(0, 2), name);
  }

  async put(_db: Db, name: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(name);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, bytes, { flag: 'wx' });
  }

  async get(_db: Db, name: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(_db: Db, name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }
}

/** Bytes in blade_attach_blob: every instance sharing the database sees every file. */
export class DatabaseDriver implements FileDriver {
  readonly kind = 'database';
  readonly storage = 'database';

  async put(db: Db, name: string, bytes: Buffer): Promise<void> {
    await sql`insert into blade_attach_blob (name, content) values (${checkedName(name)}, ${bytes})`.execute(db);
  }

  async get(db: Db, name: string): Promise<Buffer | undefined> {
    const rows = await sql<{ content: Uint8Array }>`select content from blade_attach_blob
      where name = ${checkedName(name)} and is_deleted = 0`.execute(db);
    const content = rows.rows[0]?.content;
    return content ? Buffer.from(content) : undefined;
  }

  async remove(db: Db, name: string): Promise<void> {
    await sql`delete from blade_attach_blob where name = ${checkedName(name)}`.execute(db);
  }
}

/**
 * Bytes in an S3-compatible bucket (an object storage configuration, 对象存储): the object's key is the
 * storage name. Nothing here joins the database's transaction, so the caller deletes an object whose row
 * was rolled back (FileStorage.store), as it does a file on disk.
 */
export class BucketDriver implements FileDriver {
  readonly kind = 'oss';
  constructor(
    readonly storage: string,
    private readonly bucket: Bucket,
  ) {}

  async put(_db: Db, name: string, bytes: Buffer, contentType?: string): Promise<void> {
    await putObject(this.bucket, checkedName(name), bytes, contentType);
  }

  get(_db: Db, name: string): Promise<Buffer | undefined> {
    return getObject(this.bucket, checkedName(name));
  }

  remove(_db: Db, name: string): Promise<void> {
    return deleteObject(this.bucket, checkedName(name));
  }
}
