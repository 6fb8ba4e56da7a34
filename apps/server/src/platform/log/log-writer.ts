import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AuthContext } from '../http/context';

export interface ApiCall {
  method: string;
  uri: string;
  title: string;
  params: string;
  userAgent: string;
  ip: string;
  /** The call's request id (X-Request-Id), also in the process log. */
  requestId: string;
  durationMs: number;
  auth?: AuthContext;
}

const SERVICE = 'property-console';
/** Query parameters never written to a log: the token call carries passwords and refresh tokens there, downloads the Blade-Auth token. */
const SECRET_PARAM = /pass|secret|token|captcha|auth/i;

export function redactParams(params: string): string {
  if (!params) return params;
  const query = new URLSearchParams(params);
  for (const key of [...query.keys()]) if (SECRET_PARAM.test(key)) query.set(key, '******');
  return query.toString();
}
const HOST = hostname();

/**
 * Writes the api log in batches after the answers have gone out, so logging
 * never adds to a call's latency; errors are written at once with their stack.
 */
export class LogWriter {
  private pending: ApiCall[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 1000,
    private readonly maxBatch = 500,
  ) {}

  api(call: ApiCall): void {
    this.pending.push(call);
    if (this.pending.length >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() => this.write(batch)).catch(() => undefined);
    return this.flushing;
  }

  /**
   * One statement per batch with a parameter per column (arrays unnested by the
   * database), not per value: a 500-row VALUES list would be 6,500 parameters
   * to parse and plan, which costs the database more CPU than the calls logged.
   */
  private async write(batch: ApiCall[]): Promise<void> {
    const column = <T>(pick: (c: ApiCall) => T): T[] => batch.map(pick);
    await sql`insert into blade_log_api (tenant_id, service_id, server_host, type, title, method, request_uri,
      user_agent, remote_ip, params, time, create_by, create_user, request_id)
      select t.tenant_id, ${SERVICE}, ${HOST}, '1', t.title, t.method, t.uri, t.agent, t.ip, t.params, t.time, t.account, t.user_id,
        t.request_id
      from unnest(${column((c) => c.auth?.tenantId ?? '000000')}::text[], ${column((c) => c.title)}::text[],
        ${column((c) => c.method)}::text[], ${column((c) => c.uri)}::text[], ${column((c) => c.userAgent.slice(0, 500))}::text[],
        ${column((c) => c.ip)}::text[], ${column((c) => redactParams(c.params).slice(0, 2000))}::text[],
        ${column((c) => Math.round(c.durationMs))}::int[], ${column((c) => c.auth?.account ?? null)}::text[],
        ${column((c) => c.auth?.userId ?? null)}::bigint[], ${column((c) => c.requestId)}::text[])
        as t(tenant_id, title, method, uri, agent, ip, params, time, account, user_id, request_id)`.execute(this.db);
  }

  async error(call: Omit<ApiCall, 'durationMs' | 'title'>, error: Error): Promise<void> {
    const frame = /\((.*):(\d+):\d+\)/.exec(error.stack ?? '');
    await sql`insert into blade_log_error (tenant_id, service_id, server_host, method, request_uri, user_agent,
      stack_trace, exception_name, message, line_number, file_name, remote_ip, params, time, create_by, create_user, request_id)
      values (${call.auth?.tenantId ?? '000000'}, ${SERVICE}, ${HOST}, ${call.method}, ${call.uri}, ${call.userAgent.slice(0, 500)},
      ${error.stack ?? ''}, ${error.name}, ${error.message}, ${frame ? Number(frame[2]) : null}, ${frame?.[1] ?? null},
      ${call.ip}, ${redactParams(call.params).slice(0, 2000)}, localtimestamp(0), ${call.auth?.account ?? null}, ${call.auth?.userId ?? null},
      ${call.requestId})`
      .execute(this.db)
      .catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
