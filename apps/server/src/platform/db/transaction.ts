import type { Db } from './database';

/**
 * Runs `work` in a transaction of its own, or inside the caller's when `db`
 * is one already (seeding writes everything in one transaction and calls the
 * modules' functions that otherwise open their own).
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
