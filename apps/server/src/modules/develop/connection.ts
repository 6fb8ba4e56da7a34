import pg from 'pg';
import { badRequest, type ApiError } from '../../platform/http/errors';
import type { SecretSeal } from '../../platform/security/sealed-secrets';
import type { Services } from '../../platform/services';

/**
 * Reaching a data source: the product's own database (the built-in source) through the server's
 * own connection, any other through a short-lived node-postgres client of its own. Every failure
 * to connect is a 400 saying what went wrong in the caller's language: refused, unknown host,
 * timed out, wrong password, no such database.
 */

/** A data source row as stored (snake_case columns). */
export interface SourceRow {
  id: string;
  name: string;
  driver_class: string | null;
  url: string | null;
  username: string | null;
  password: string | null;
  built_in: number | null;
}

/** What connecting needs: the address, the user and the password (a secret, never answered). */
export interface ConnectTarget {
  url: string;
  username: string;
  password: string | null;
  builtIn: boolean;
}

/** How long connecting may take before it is given up, and any one statement. */
export const CONNECT_TIMEOUT_MS = 5_000;
const STATEMENT_TIMEOUT_MS = 15_000;

/** An open data source: parameterised statements answering their rows. */
export interface SourceConnection {
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The parts of an address (validators/names.ts DATABASE_URL has checked its shape). */
export interface Address {
  host: string;
  port: number;
  /** Empty: the server's default, the user's own name. */
  database: string;
  ssl: false | { rejectUnauthorized: boolean };
}

/**
 * Reads `jdbc:postgresql://…` and `postgres[ql]://…` alike. `sslmode` (libpq) or `ssl=true` (JDBC)
 * ask for TLS: verify-ca and verify-full check the server's certificate, require does not.
 */
export function addressOf(url: string): Address {
  const parsed = new URL(
    url
      .trim()
      .replace(/^jdbc:/, '')
      .replace(/^postgres(?:ql)?:/, 'postgres:'),
  );
  const sslmode = parsed.searchParams.get('sslmode') ?? (parsed.searchParams.get('ssl') === 'true' ? 'require' : 'disable');
  const verify = sslmode === 'verify-ca' || sslmode === 'verify-full';
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : 5432,
    database: decodeURIComponent(parsed.pathname.replace(/^\//, '')),
    ssl: sslmode === 'disable' || sslmode === 'allow' || sslmode === 'prefer' ? false : { rejectUnauthorized: verify },
  };
}

/** The failure of a connection as the person asking reads it. */
export function connectionProblem(error: unknown, address: Address, user: string): ApiError {
  const e = error as { code?: string; message?: string };
  const message = String(e.message ?? error);
  const where = { host: address.host, port: address.port };
  switch (e.code) {
    case 'ECONNREFUSED':
      return badRequest('connectRefused', where);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return badRequest('connectHostUnknown', { host: address.host });
    case 'ETIMEDOUT':
      return badRequest('connectTimeout', { ...where, seconds: CONNECT_TIMEOUT_MS / 1000 });
    case '28P01': // invalid_password
      return badRequest('connectAuthFailed', { user });
    case '3D000': // invalid_catalog_name
      return badRequest('connectDatabaseMissing', { database: address.database || user });
    case '28000': // invalid_authorization_specification: no pg_hba.conf entry, no such role
    case '08004': // the server refused the connection (too many clients, not accepting)
    case '57P03': // starting up or shutting down
      return badRequest('connectRejected', { reason: message });
  }
  // node-postgres's own words for a connection it gave up on, and a password the server asked for and got none of.
  if (/timeout/i.test(message)) return badRequest('connectTimeout', { ...where, seconds: CONNECT_TIMEOUT_MS / 1000 });
  if (/password must be a string|no password/i.test(message)) return badRequest('connectAuthFailed', { user });
  if (/SSL/.test(message)) return badRequest('connectRejected', { reason: message });
  return badRequest('connectFailed', { reason: message });
}

/** The target of a stored data source, its password opened (the row keeps it sealed). */
export const targetOf = (row: SourceRow, secrets: SecretSeal): ConnectTarget => ({
  url: row.url ?? '',
  username: row.username ?? '',
  password: row.password ? secrets.open(row.password) : row.password,
  builtIn: Number(row.built_in) === 1,
});

/**
 * Opens a data source. The built-in one is the server's own database (PGlite or the pool): its
 * statements wait their turn like every other. Any other gets a client of its own, closed by the
 * caller, with a time limit on connecting and on each statement.
 */
export async function openSource(services: Services, target: ConnectTarget): Promise<SourceConnection> {
  if (target.builtIn) {
    return {
      query: async <T>(text: string, values?: unknown[]) => (await services.database.executeSql(text, values ?? [])).rows as T[],
      close: async () => undefined,
    };
  }
  const address = addressOf(target.url);
  const client = new pg.Client({
    host: address.host,
    port: address.port,
    database: address.database || undefined,
    user: target.username,
    password: target.password ?? undefined,
    ssl: address.ssl,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    query_timeout: STATEMENT_TIMEOUT_MS,
    application_name: 'property-console develop',
  });
  // A server ending the session while nobody waits on it must not end this process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw connectionProblem(error, address, target.username);
  }
  return {
    query: async <T>(text: string, values?: unknown[]) => {
      try {
        return (await client.query(text, values)).rows as T[];
      } catch (error) {
        throw connectionProblem(error, address, target.username);
      }
    },
    close: () => client.end().catch(() => undefined),
  };
}

/** Opens, runs `work` and closes, whatever happens. */
export async function withSource<T>(
  services: Services,
  target: ConnectTarget,
  work: (source: SourceConnection) => Promise<T>,
): Promise<T> {
  const source = await openSource(services, target);
  try {
    return await work(source);
  } finally {
    await source.close();
  }
}

/** What a connection test answers: the server's version, the database and the time it took. */
export async function testConnection(
  services: Services,
  target: ConnectTarget,
): Promise<{ version: string; database: string; elapsedMs: number }> {
  const started = performance.now();
  const row = await withSource(services, target, async (source) => {
    const rows = await source.query<{ version: string; database: string }>(
      `select current_setting('server_version') as version, current_database() as database`,
    );
    return rows[0]!;
  });
  return {
    // '15.20 (Debian 15.20-0+deb12u1)' → 'PostgreSQL 15.20'
    version: `PostgreSQL ${String(row.version).split(' ')[0]}`,
    database: String(row.database),
    elapsedMs: Math.round(performance.now() - started),
  };
}
