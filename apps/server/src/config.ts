import type { JobQueueOptions } from './platform/jobs/queue';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment, in one place. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; unset means the embedded database in dataDir. */
  databaseUrl?: string;
  /** Shared state for several instances; unset means in-process. */
  redisUrl?: string;
  /** Prefix of this deployment's Redis keys and channel, so deployments sharing one Redis keep apart. */
  redisPrefix: string;
  jwtSecret: string;
  /**
   * The key stored credentials are sealed under (platform/security/sealed-secrets.ts); unset: derived from
   * jwtSecret. `secretsKeyPrevious`: keys given up, which still open what they sealed until startup seals it again.
   */
  secretsKey?: string;
  secretsKeyPrevious: string[];
  captchaEnabled: boolean;
  timeZone: string;
  /** Failed sign-ins allowed before the account locks, and for how long. */
  loginFailLimit: number;
  loginLockSeconds: number;
  /** Where the built console lives; served on the same port when present. */
  webRoot: string;
  /** Seed the demo tenant on first start. */
  seedDemo: boolean;
  logLevel: string;
  /** Where uploaded files' bytes go: under dataDir/files, or in the database (several instances without a shared disk). */
  fileStorage: 'disk' | 'database';
  /**
   * Whether object storage (对象存储) may connect to internal addresses (this machine, private networks): off by
   * default, since a tenant's administrator types the endpoint; on for a deployment with a MinIO of its own.
   */
  ossPrivateEndpoints: boolean;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`: addresses, CIDRs, `loopback`): per-IP
   * limits count the address it gives, so believing any client would let one pose as many.
   */
  trustProxy: string | boolean;
  /** Largest JSON or form body a call takes (uploads have their own limit, MAX_FILE_BYTES). */
  bodyLimit: number;
  /** Time a whole request (headers and body) may take to arrive: a slow sender is cut off. */
  requestTimeoutMs: number;
  /** The console's public address, answered as an upload's `domain` ('' = links relative to the console). */
  publicUrl: string;
  /** The job queue (platform/jobs): whether this instance takes jobs and fires schedules, and its timings. */
  jobs: Omit<JobQueueOptions, 'timeZone' | 'log'>;
}

/** The repository root: npm runs workspace scripts inside apps/server, but ./data means the root's. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(ROOT, env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'pc:',
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    secretsKey: env.SECRETS_KEY || undefined,
    secretsKeyPrevious: (env.SECRETS_KEY_PREVIOUS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    captchaEnabled: env.CAPTCHA_ENABLED !== 'false',
    timeZone: env.TZ_NAME ?? 'Asia/Shanghai',
    loginFailLimit: Number(env.LOGIN_FAIL_LIMIT ?? 5),
    loginLockSeconds: Number(env.LOGIN_LOCK_SECONDS ?? 1800),
    webRoot: resolve(ROOT, env.WEB_ROOT ?? 'apps/web/dist'),
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    fileStorage: fileStorageOf(env.FILE_STORAGE),
    ossPrivateEndpoints: env.OSS_PRIVATE_ENDPOINTS === 'true',
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY === 'false' ? false : (env.TRUST_PROXY ?? 'loopback'),
    bodyLimit: Number(env.BODY_LIMIT_BYTES ?? 2 * 1024 * 1024),
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 120_000),
    publicUrl: (env.PUBLIC_URL ?? '').replace(/\/+$/, ''),
    jobs: {
      workers: env.JOB_WORKERS !== 'false',
      pollingSeconds: Number(env.JOB_POLL_SECONDS ?? 2),
      heartbeatSeconds: Number(env.JOB_HEARTBEAT_SECONDS ?? 30),
      superviseSeconds: Number(env.JOB_SUPERVISE_SECONDS ?? 30),
      cronSeconds: Number(env.JOB_CRON_SECONDS ?? 30),
      retryDelaySeconds: Number(env.JOB_RETRY_DELAY_SECONDS ?? 5),
      stopTimeoutMs: Number(env.JOB_STOP_TIMEOUT_MS ?? 10_000),
    },
  };
}

function fileStorageOf(value: string | undefined): Config['fileStorage'] {
  if (!value || value === 'disk') return 'disk';
  if (value === 'database') return 'database';
  // A typo must not silently keep files on one instance's disk.
  throw new Error(`FILE_STORAGE must be disk or database, not ${value}`);
}

/** A secret generated once and kept beside the data, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = `${dataDir}/jwt-secret`;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
