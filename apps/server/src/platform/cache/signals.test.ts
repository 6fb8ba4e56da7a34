import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalSecuritySignals, RedisSecuritySignals } from './signals';
import { RedisStore } from './store';

const now = () => Math.floor(Date.now() / 1000);

describe('security signals in one process', () => {
  it('a revoked token stays revoked until it would have expired anyway', async () => {
    const signals = new LocalSecuritySignals();
    await signals.revoke('a', now() + 60);
    await signals.revoke('b', now() - 1);
    expect(signals.stateOf('a').revoked).toBe(true);
    expect(signals.stateOf('b').revoked).toBe(false);
    expect(signals.stateOf('c').revoked).toBe(false);
  });

  it('the grants version only grows', async () => {
    const signals = new LocalSecuritySignals();
    const before = Number(signals.grantsVersion());
    await signals.bumpGrantsVersion();
    await signals.bumpGrantsVersion();
    expect(Number(signals.grantsVersion())).toBe(before + 2);
  });
});

const redisUrl = process.env.REDIS_URL;

/** Real Redis, as several instances share it: each test uses its own key prefix. */
describe.skipIf(!redisUrl)('security signals shared through Redis', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterAll(async () => {
    for (const item of opened.reverse()) await item.close();
    const admin = new Redis(redisUrl!);
    const keys = await admin.keys('pc-test-*');
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
  });
  const instance = async (prefix: string) => {
    const store = new RedisStore(redisUrl!, prefix);
    const signals = new RedisSecuritySignals(redisUrl!, store);
    opened.push(store, signals);
    await signals.start();
    return signals;
  };
  const prefix = () => `pc-test-${Date.now()}-${Math.random().toString(36).slice(2, 8)}:`;

  it('a logout on one instance is known on the other from memory', async () => {
    const p = prefix();
    const [one, two] = [await instance(p), await instance(p)];
    expect(two.synced).toBe(true);
    await one.revoke('token-1', now() + 60);
    await expect.poll(() => (two.stateOf('token-1') as { revoked: boolean }).revoked).toBe(true);
    expect(two.stateOf('token-2')).toEqual({ revoked: false, grantsVersion: expect.any(String) });
  });

  it('a grant change on one instance raises the version on the other', async () => {
    const p = prefix();
    const [one, two] = [await instance(p), await instance(p)];
    const before = Number(two.grantsVersion());
    await one.bumpGrantsVersion();
    expect(Number(one.grantsVersion())).toBe(before + 1);
    await expect.poll(() => Number(two.grantsVersion())).toBe(before + 1);
  });

  it('an instance started later reads what happened before it from Redis', async () => {
    const p = prefix();
    const one = await instance(p);
    await one.revoke('early', now() + 60);
    await one.revoke('expired', now() - 5);
    await one.bumpGrantsVersion();
    const late = await instance(p);
    expect(late.stateOf('early')).toEqual({ revoked: true, grantsVersion: '1' });
    expect((late.stateOf('expired') as { revoked: boolean }).revoked).toBe(false);
  });

  it('while its subscription is down an instance asks Redis, and re-reads when it is back', async () => {
    const p = prefix();
    const [one, two] = [await instance(p), await instance(p)];
    const admin = new Redis(redisUrl!);
    opened.push({ close: async () => void admin.disconnect() });
    const name = two.subscriber.options.connectionName!;
    const line = String(await admin.client('LIST'))
      .split('\n')
      .find((l) => l.includes(`name=${name} `));
    const id = /id=(\d+)/.exec(line ?? '')![1];
    await admin.client('KILL', 'ID', id);
    await expect.poll(() => two.synced).toBe(false);
    // Missed by the subscription (it is down), still refused: the call reads Redis.
    await one.revoke('during-outage', now() + 60);
    const state = await two.stateOf('during-outage');
    expect(state.revoked).toBe(true);
    await expect.poll(() => two.synced, { timeout: 10_000 }).toBe(true);
    expect((two.stateOf('during-outage') as { revoked: boolean }).revoked).toBe(true);
  });
});
