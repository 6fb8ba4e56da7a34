/** Seeds the PGlite template of the mutation run (PC_TEMPLATE_DIR) from the unmutated code. */
import { preparePgliteTemplate } from '../apps/server/test/harness';

await preparePgliteTemplate();
