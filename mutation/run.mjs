/**
 * `npm run test:mutation [-- scope ...]`: mutation testing of the rules (see
 * scopes.mjs and docs/testing.md). Seeds the PGlite template once from the
 * unmutated code, runs Stryker on each scope, checks that the known bad
 * mutants of each scope were killed (so a runner that misses failures cannot
 * report a good score), and prints the scores.
 *
 * MUTATION_CONCURRENCY (default 1) sets Stryker's test runners per scope;
 * the machine is shared, so keep it at 1 unless it is yours.
 *
 * DATABASE_URL (a PostgreSQL server, as for the postgres project) makes the
 * scopes that need a database run on it: the template is seeded there once,
 * and every mutant's run copies it (`create database … template`), about a
 * second where booting PGlite from its template takes 4–6 (docs/testing.md,
 * "Where a mutant's time goes"). Without it, the embedded PGlite.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CANARIES } from './canaries.mjs';
import { SCOPES } from './scopes.mjs';

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in SCOPES));
if (unknown.length > 0) throw new Error(`Unknown scope ${unknown.join(', ')}; scopes: ${Object.keys(SCOPES).join(', ')}`);
const scopes = wanted.length > 0 ? wanted : Object.keys(SCOPES);

const templateDir = mkdtempSync(join(tmpdir(), 'pc-mutation-templates-'));
const serverUrl = process.env.DATABASE_URL ?? '';
// The databases of this run are named after it (see harness.ts), so the end drops exactly those.
const runId = `mut${randomBytes(4).toString('hex')}`;
const env = {
  ...process.env,
  PC_TEMPLATE_DIR: templateDir,
  ...(serverUrl ? { DB_KIND: 'postgres', DATABASE_URL: serverUrl, PC_TEST_RUN: runId } : { DB_KIND: 'pglite', DATABASE_URL: '' }),
};
const run = (command, args, extraEnv = {}) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
};

/** Stryker's score: killed and timed-out mutants over every valid mutant (survived and uncovered included). */
function scoreOf(report) {
  const counts = {};
  for (const file of Object.values(report.files))
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  return { counts, valid, score: valid === 0 ? 100 : (100 * detected) / valid };
}

/** The source text a mutant replaces (locations count lines and columns from 1). */
function originalOf(source, { start, end }) {
  const lines = source.split('\n');
  const offset = (at) => lines.slice(0, at.line - 1).reduce((sum, line) => sum + line.length + 1, 0) + at.column - 1;
  return source.slice(offset(start), offset(end));
}

/** Canaries: mutants that break a rule outright; each must be found and killed, or the run is not to be trusted. */
function checkCanaries(scope, report) {
  const problems = [];
  for (const canary of CANARIES[scope] ?? []) {
    const entry = Object.entries(report.files).find(([name]) => name.endsWith(canary.file));
    const source = entry?.[1].source ?? '';
    const found = (entry?.[1].mutants ?? []).filter(
      (m) =>
        m.mutatorName === canary.mutator &&
        originalOf(source, m.location) === canary.code &&
        (!canary.line || source.split('\n')[m.location.start.line - 1].includes(canary.line)) &&
        (!canary.replacement || m.replacement === canary.replacement),
    );
    if (found.length === 0) problems.push(`${scope}: canary not found: ${canary.why}`);
    // A mutant that breaks a beforeAll is reported as a runtime error: detected, left out of the score.
    const detected = canary.setup ? ['Killed', 'RuntimeError'] : ['Killed'];
    for (const m of found)
      if (!detected.includes(m.status))
        problems.push(`${scope}: canary ${m.status.toLowerCase()} (${canary.why}), mutant ${m.id}`);
  }
  return problems;
}

try {
  console.log(`Mutation testing on ${serverUrl ? `PostgreSQL (run ${runId})` : 'the embedded PGlite'}`);
  run('npx', ['tsx', 'mutation/seed-template.ts']);
  const results = [];
  for (const scope of scopes) {
    run('npx', ['stryker', 'run', 'mutation/stryker.config.mjs'], { MUTATION_SCOPE: scope });
    const report = JSON.parse(readFileSync(`artifacts/mutation/${scope}.json`, 'utf8'));
    results.push({ scope, ...scoreOf(report), problems: checkCanaries(scope, report) });
  }
  console.log('\nscope       mutants  killed  timeout  survived  no coverage  score');
  for (const r of results) {
    const c = (s) => String(r.counts[s] ?? 0);
    console.log(
      `${r.scope.padEnd(12)}${String(r.valid).padStart(7)}${c('Killed').padStart(8)}${c('Timeout').padStart(9)}` +
        `${c('Survived').padStart(10)}${c('NoCoverage').padStart(13)}${r.score.toFixed(1).padStart(7)}%`,
    );
  }
  const problems = results.flatMap((r) => r.problems);
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exitCode = 1;
  else console.log('\nEvery canary mutant was killed. Reports: artifacts/mutation/<scope>.html');
} finally {
  rmSync(templateDir, { recursive: true, force: true });
  // The template and any copy a mutant's run left (one cut off by the timeout never drops its own).
  if (serverUrl) run('npx', ['tsx', 'mutation/drop-databases.ts']);
}
