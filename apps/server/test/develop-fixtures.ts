/**
 * For the development tools' tests (develop.test.ts): a PostgreSQL server of the test's own that
 * checks passwords, with a legacy table to model, and the generated code compiled the way a
 * developer's repository would compile it.
 */
import { freePort } from './ports';
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface Cluster {
  port: number;
  user: string;
  password: string;
  /** A client of its database `legacy`, as its owner. */
  query(text: string): Promise<pg.QueryResult>;
  stop(): Promise<void>;
}

/** PostgreSQL's own programs, on the PATH or where Debian puts them. */
function binary(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(':')) if (existsSync(join(dir, name))) return join(dir, name);
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : [];
  for (const v of versions) if (existsSync(`/usr/lib/postgresql/${v}/bin/${name}`)) return `/usr/lib/postgresql/${v}/bin/${name}`;
  throw new Error(`${name} not found: the development tools' tests run a PostgreSQL of their own (apt-get install postgresql)`);
}

/**
 * A PostgreSQL cluster of its own on a free port, with scram-sha-256 passwords: the machine's server
 * trusts every connection, where a wrong password could not be refused. initdb refuses to run as
 * root, so as root the cluster belongs to the `postgres` user.
 */
export async function privateCluster(): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'pc-develop-pg-'));
  const user = 'owner';
  const password = 'Owner-Secret-42';
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : program, asRoot ? ['-u', 'postgres', '--', program, ...args] : args, { stdio: 'pipe' });
  writeFileSync(join(dir, 'pw'), password);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    chownSync(dir, uid, uid);
    chownSync(join(dir, 'pw'), uid, uid);
  }
  const data = join(dir, 'data');
  run(binary('initdb'), [
    '-D',
    data,
    '-U',
    user,
    '--auth=scram-sha-256',
    `--pwfile=${join(dir, 'pw')}`,
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run(binary('pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const connect = async (database: string) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user, password, database });
    await client.connect();
    return client;
  };
  const admin = await connect('postgres');
  await admin.query('create database legacy');
  await admin.end();
  const client = await connect('legacy');
  return {
    port,
    user,
    password,
    query: (text) => client.query(text),
    async stop() {
      await client.end().catch(() => undefined);
      run(binary('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
