import { expect } from 'vitest';
import type { ApiClient } from './client';
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
