import { Redis } from 'ioredis';
import { RedisStore, type KeyValueStore } from './store';

/** Bumped by every change to menus, roles, scopes or packages; part of every grants cache key. */
export const GRANTS_VERSION_KEY = 'grants-version';
const REVOKED_SET_KEY = 'revoked-tokens';
const CHANNEL = 'security-signals';

export interface SecurityState {
  revoked: boolean;
  grantsVersion: string;
}

/**
 * What every call must know before it runs: is this token revoked, and which
 * grants version is current. Both change rarely and are read on every call,
 * so each instance keeps them in memory and learns of changes as they happen
 * instead of asking the shared store each time.
 */
export interface SecuritySignals {
  /** Answered from memory when it is known to be current, else from the shared store. */
  stateOf(jti: string): SecurityState | Promise<SecurityState>;
  grantsVersion(): string | Promise<string>;
  /** Logout: the token stops working on every instance. `expiresAt` in epoch seconds. */
  revoke(jti: string, expiresAt: number): Promise<void>;
  /** A grant changed: every cached grant, on every instance, is stale. */
  bumpGrantsVersion(): Promise<void>;
  close(): Promise<void>;
}

/** The local record of revocations and the grants version, with expiry of revocations. */
class SignalMirror {
  private readonly revoked = new Map<string, number>();
  version = '0';

  isRevoked(jti: string): boolean {
    const until = this.revoked.get(jti);
    if (until === undefined) return false;
    if (until * 1000 > Date.now()) return true;
    this.revoked.delete(jti);
    return false;
  }
  addRevoked(jti: string, expiresAt: number): void {
    this.revoked.set(jti, expiresAt);
    // Tokens live 50 minutes: sweeping now and then keeps the map to the recently revoked.
    if (this.revoked.size % 256 === 0) for (const key of [...this.revoked.keys()]) this.isRevoked(key);
  }
  /** Versions only grow; a late or repeated message never takes the version back. */
  raiseVersion(version: string | null | undefined): void {
    if (version && Number(version) > Number(this.version)) this.version = version;
  }
  state(jti: string): SecurityState {
    return { revoked: this.isRevoked(jti), grantsVersion: this.version };
  }
}

/** One instance, no Redis: memory is the truth. */
export class LocalSecuritySignals implements SecuritySignals {
  private readonly mirror = new SignalMirror();
  stateOf(jti: string): SecurityState {
    return this.mirror.state(jti);
  }
  grantsVersion(): string {
    return this.mirror.version;
  }
  async revoke(jti: string, expiresAt: number): Promise<void> {
    this.mirror.addRevoked(jti, expiresAt);
  }
  async bumpGrantsVersion(): Promise<void> {
    this.mirror.raiseVersion(String(Number(this.mirror.version) + 1));
  }
  async close(): Promise<void> {}
}

/**
 * Several instances on one Redis. Changes are written to Redis (the truth)
 * and published; every instance applies what it hears to its mirror. The
 * mirror is trusted only while the subscription is up and has been re-read
 * from Redis after (re)subscribing; in between, each call reads Redis, so a
 * lost connection never lets a revoked token through.
 *
 * A change reaches other instances within Redis's delivery of the message
 * (well under a millisecond on one network); the instance making it applies
 * it before answering.
 */
export class RedisSecuritySignals implements SecuritySignals {
  private readonly mirror = new SignalMirror();
  /** The subscribing connection (named, so operators can tell it apart in CLIENT LIST). */
  readonly subscriber: Redis;
  private readonly redis: Redis;
  private readonly prefix: string;
  /** True once the subscription is up and the mirror has been re-read since. */
  private inSync = false;
  private resyncs = 0;

  constructor(
    url: string,
    private readonly store: RedisStore,
  ) {
    this.redis = store.client;
    this.prefix = store.prefix;
    this.subscriber = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: null,
      connectionName: `pc-signals-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    });
    this.subscriber.on('message', (_channel: string, message: string) => this.apply(message));
    // Any break in the subscription may have lost messages: back to reading Redis until re-read.
    for (const event of ['close', 'reconnecting', 'end', 'error'] as const)
      this.subscriber.on(event, () => (this.inSync = false));
  }

  /** Whether calls are answered from memory (true) or from Redis (false, until re-read). */
  get synced(): boolean {
    return this.inSync;
  }

  async start(): Promise<void> {
    await this.subscriber.connect();
    await this.resync();
    // Registered after the first connection: from now on 'ready' means a reconnection.
    this.subscriber.on('ready', () => void this.resync());
  }

  private apply(message: string): void {
    const [kind, value, expiresAt] = message.split(' ');
    if (kind === 'revoke' && value) this.mirror.addRevoked(value, Number(expiresAt));
    if (kind === 'grants') this.mirror.raiseVersion(value);
  }

  /** Subscribe first, then read: a change made in between arrives as a message, so none is lost. */
  private async resync(): Promise<void> {
    const attempt = ++this.resyncs;
    try {
      await this.subscriber.subscribe(this.prefix + CHANNEL);
      const now = Math.floor(Date.now() / 1000);
      const [[, version], [, revoked]] = (await this.redis
        .multi()
        .get(this.prefix + GRANTS_VERSION_KEY)
        .zrangebyscore(this.prefix + REVOKED_SET_KEY, now, '+inf', 'WITHSCORES')
        .zremrangebyscore(this.prefix + REVOKED_SET_KEY, '-inf', now - 1)
        .exec()) as [[null, string | null], [null, string[]]];
      this.mirror.raiseVersion(version);
      for (let i = 0; i + 1 < revoked.length; i += 2) this.mirror.addRevoked(revoked[i], Number(revoked[i + 1]));
      // A newer attempt (after another reconnect) decides; a stale one must not claim sync.
      if (attempt === this.resyncs && this.subscriber.status === 'ready') this.inSync = true;
    } catch {
      this.inSync = false;
    }
  }

  stateOf(jti: string): SecurityState | Promise<SecurityState> {
    if (this.inSync) return this.mirror.state(jti);
    return this.store.getMany([`revoked:${jti}`, GRANTS_VERSION_KEY]).then(([revoked, version]) => {
      this.mirror.raiseVersion(version);
      return { revoked: !!revoked || this.mirror.isRevoked(jti), grantsVersion: this.mirror.version };
    });
  }

  grantsVersion(): string | Promise<string> {
    if (this.inSync) return this.mirror.version;
    return this.store.get(GRANTS_VERSION_KEY).then((version) => {
      this.mirror.raiseVersion(version);
      return this.mirror.version;
    });
  }

  async revoke(jti: string, expiresAt: number): Promise<void> {
    this.mirror.addRevoked(jti, expiresAt);
    const ttl = Math.max(1, expiresAt - Math.floor(Date.now() / 1000));
    await this.redis
      .multi()
      .set(`${this.prefix}revoked:${jti}`, '1', 'EX', ttl)
      .zadd(this.prefix + REVOKED_SET_KEY, expiresAt, jti)
      .publish(this.prefix + CHANNEL, `revoke ${jti} ${expiresAt}`)
      .exec();
  }

  async bumpGrantsVersion(): Promise<void> {
    const version = String(await this.store.incr(GRANTS_VERSION_KEY, 10 * 365 * 24 * 3600));
    this.mirror.raiseVersion(version);
    await this.redis.publish(this.prefix + CHANNEL, `grants ${version}`);
  }

  async close(): Promise<void> {
    this.inSync = false;
    this.subscriber.disconnect();
  }
}

/** Redis-backed signals when the store is Redis, in-process otherwise. */
export async function openSignals(store: KeyValueStore, redisUrl: string | undefined): Promise<SecuritySignals> {
  if (!redisUrl || !(store instanceof RedisStore)) return new LocalSecuritySignals();
  const signals = new RedisSecuritySignals(redisUrl, store);
  await signals.start();
  return signals;
}
