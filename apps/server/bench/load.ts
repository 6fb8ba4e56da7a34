import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database';

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /**
   * CPU time per call, in ms, of the server (this process) and of the database's own processes
   * (PostgreSQL on this machine; with PGlite the database runs in this process). CPU time moves far
   * less with the machine's other load than latency and throughput do.
   */
  cpuMs: number;
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** CPU time so far, in ms, of the database's server processes for `db` (0 when they cannot be read). */
export async function databaseCpuMs(db: Db): Promise<number> {
  const backends = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`
    .execute(db)
    .catch(() => ({ rows: [] }));
  let ticks = 0;
  for (const { pid } of backends.rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // Not on this machine, or gone: left out.
    }
  }
  return (ticks * 1000) / TICKS;
}

export const processCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/**
 * Load from autocannon in a process of its own, so the load's own CPU is not counted as the
 * server's and does not slow it down.
 */
export function loader(db: Db, defaults: { seconds: number; connections: number }) {
  return async (url: string, headers: Record<string, string> = {}, seconds = defaults.seconds): Promise<LoadResult> => {
    const args = [AUTOCANNON, '-j', '-c', String(defaults.connections), '-d', String(seconds)];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const [node0, db0] = [processCpuMs(), await databaseCpuMs(db)];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, [...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited with ${code}`))));
    });
    const [node1, db1] = [processCpuMs(), await databaseCpuMs(db)];
    const result = JSON.parse(output) as {
      latency: { p50: number; p99: number };
      requests: { average: number; total: number };
      non2xx: number;
      errors: number;
    };
    return {
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      errors: result.non2xx + result.errors,
      cpuMs: (node1 - node0 + (db1 - db0)) / Math.max(result.requests.total, 1),
    };
  };
}
