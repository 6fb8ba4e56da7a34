import type { Config } from '../config';
import type { SecuritySignals } from './cache/signals';
import type { KeyValueStore } from './cache/store';
import type { Database, Db } from './db/database';
import type { JobQueue } from './jobs/queue';
import type { LogWriter } from './log/log-writer';
import type { AccessService } from './security/access';
import type { SecretSeal } from './security/sealed-secrets';
import type { TokenService } from './auth/tokens';

/** The parts every module is built from; made once in app.ts. */
export interface Services {
  config: Config;
  database: Database;
  db: Db;
  store: KeyValueStore;
  /** Revocations and the grants version, read by every call. */
  signals: SecuritySignals;
  tokens: TokenService;
  access: AccessService;
  logs: LogWriter;
  /** Long and scheduled work (platform/jobs): registerJob, enqueue, schedule, cancel. */
  jobs: JobQueue;
  /** Seals and opens stored credentials (fields with `sealed`). */
  secrets: SecretSeal;
}
