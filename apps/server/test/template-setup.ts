import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A test run's folder for seeded PGlite templates (see harness.ts): made before the test files
 * start, so they share one seeding per seed setting, and removed at the end of the run.
 */
export default function templateFolder(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'pc-templates-'));
  process.env.PC_TEMPLATE_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
