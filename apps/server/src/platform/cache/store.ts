import { Redis } from 'ioredis';

/**
 * Short-lived shared state: captcha codes, refresh tokens, revoked tokens,
 * login-failure counters, permission caches. In Redis when configured, so
 * every instance sees the same; in process otherwise.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  /** Several keys in one round trip. */
  getMany(keys: string[]): Promise<Array<string | null>>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step: the value can be taken once, by one instance. */
  take(key: string): Promise<string | null>;
  del(...keys: string[]): Promise<void>;
  /** Adds one and returns the new count; the expiry starts with the first increment. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  close(): Promise<void>;
}

export class MemoryStore implements KeyValueStore {
  private readonly entries = new Map<string, { value: string; expires: number }>();

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expires <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async getMany(keys: string[]) {
    return keys.map((key) => this.live(key)?.value ?? null);
  }
  async set(key: string, value: string, ttlSeconds: number) {
    this.entries.set(key, { value, expires: Date.now() + ttlSeconds * 1000 });
    if (this.entries.size % 1000 === 0) this.sweep();
  }
  async take(key: string) {
    const value = this.live(key)?.value ?? null;
    this.entries.delete(key);
    return value;
  }
  async del(...keys: string[]) {
    for (const key of keys) this.entries.delete(key);
  }
  async incr(key: string, ttlSeconds: number) {
    const entry = this.live(key);
    const count = Number(entry?.value ?? 0) + 1;
    this.entries.set(key, { value: String(count), expires: entry?.expires ?? Date.now() + ttlSeconds * 1000 });
    return count;
  }
  async close() {}
  private sweep() {
    for (const key of this.entries.keys()) this.live(key);
  }
}

export class RedisStore implements KeyValueStore {
  private readonly redis: Redis;
  constructor(
    url: string,
    readonly prefix = 'pc:',
  ) {
    // Under load, the reads issued in one event-loop tick go to Redis as one pipelined write.
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableAutoPipelining: true });
    // A lost Redis is reported once per outage (ioredis retries every moment meanwhile), its return once.
    let down = false;
    this.redis.on('error', (error: Error) => {
      if (!down) console.warn(`Redis connection lost: ${error.message}`);
      down = true;
    });
    this.redis.on('ready', () => {
      if (down) console.warn('Redis connection back');
      down = false;
    });
  }
  /** The connection, for the security signals' transactions and publishing. */
  get client(): Redis {
    return this.redis;
  }
  async get(key: string) {
    return this.redis.get(this.prefix + key);
  }
  async getMany(keys: string[]) {
    return this.redis.mget(...keys.map((k) => this.prefix + k));
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(this.prefix + key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
  }
  async take(key: string) {
    return this.redis.getdel(this.prefix + key);
  }
  async del(...keys: string[]) {
    if (keys.length > 0) await this.redis.del(...keys.map((k) => this.prefix + k));
  }
  async incr(key: string, ttlSeconds: number) {
    const [[, count]] = (await this.redis
      .multi()
      .incr(this.prefix + key)
      .expire(this.prefix + key, ttlSeconds, 'NX')
      .exec()) as [[null, number], [null, number]];
    return count;
  }
  async close() {
    await this.redis.quit();
  }
}

export function openStore(redisUrl: string | undefined, prefix?: string): KeyValueStore {
  return redisUrl ? new RedisStore(redisUrl, prefix) : new MemoryStore();
}
