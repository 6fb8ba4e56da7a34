/**
 * Seeds the mutation run's template from the unmutated code, before any mutant runs: the PGlite
 * template (PC_TEMPLATE_DIR) or, on PostgreSQL, the run's template database (a first copy made
 * and dropped again makes it; every mutant's run then only copies it, never seeds it).
 */
import { createSeededTestDatabase, preparePgliteTemplate, usingPostgres } from '../apps/server/test/harness';

if (usingPostgres()) await (await createSeededTestDatabase()).drop();
else await preparePgliteTemplate();
