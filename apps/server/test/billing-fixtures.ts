import { sql } from 'kysely';
import { expect } from 'vitest';
import type { ApiClient } from './client';
import type { TestServer } from './harness';
import { eventually } from './jobs/test-kinds';

/** A job run as blade-system/job-run/detail answers it, once it has finished. */
export async function finishedRun(client: ApiClient, runId: string, ms = 30_000) {
  return eventually(
    async () => {
      const run = (await client.get('/blade-system/job-run/detail', { id: runId })).body.data;
      return run && ['done', 'failed', 'cancelled'].includes(run.state) ? run : undefined;
    },
    ms,
    `run ${runId} to finish`,
  );
}

/** Starts a generation from the console's call and answers its run once finished. */
export async function generated(client: ApiClient, scope: Record<string, string>) {
  const started = await client.post('/system-property/paymentbill/generate', scope);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.data.runId).toMatch(/^\d+$/);
  return finishedRun(client, started.body.data.runId);
}

type Db = TestServer['built']['services']['db'];

/** A pre-paid account's balance as stored. */
export async function prepaidBalanceOf(db: Db, accountId: string): Promise<string> {
  const rows = await sql<{ balance: string }>`select balance::text from property_prepaid_account where id = ${accountId}`.execute(
    db,
  );
  return rows.rows[0]!.balance;
}

/** A pre-paid account's ledger as stored, oldest move first. */
export async function prepaidLedgerOf(db: Db, accountId: string) {
  const rows = await sql<{
    kind: number;
    amount: string;
    balance_after: string;
    bill_id: string | null;
    order_id: string | null;
    create_user: string | null;
  }>`select kind, amount::text, balance_after::text, bill_id::text, order_id::text, create_user::text
    from property_prepaid_ledger where prepaid_account_id = ${accountId} order by id`.execute(db);
  return rows.rows;
}
