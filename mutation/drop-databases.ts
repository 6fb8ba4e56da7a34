/** Drops the PostgreSQL databases of this mutation run (PC_TEST_RUN): its template and any copy left. */
import { dropRunDatabases } from '../apps/server/test/postgres-setup';

if (!process.env.PC_TEST_RUN) throw new Error('PC_TEST_RUN is not set: run through run.mjs');
await dropRunDatabases();
