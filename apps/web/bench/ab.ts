/**
 * npx tsx apps/web/bench/ab.ts --a <built dir> --b <built dir> [--rows 1000 --runs 3] [--only list|sign-in] [--preset mobile]
 *
 * Two builds of the console compared back to back: each on its own server, Lighthouse
 * runs alternate between them (A, B, A, B…) so both see the same machine load. Prints
 * every run and the medians of score and total blocking time per page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchOption, LIST_PATH, lighthouseBrowser, startBenchServer, summary } from './lab';

const option = benchOption;
const builds = { A: option('a'), B: option('b') };
if (!builds.A || !builds.B) throw new Error('usage: ab.ts --a <dir> --b <dir> [--rows N --runs N]');
const ROWS = Number(option('rows') ?? 1000);
const RUNS = Number(option('runs') ?? 3);
const preset = option('preset') === 'mobile' ? 'mobile' : 'desktop';
const pages = (['sign-in', 'list'] as const).filter((p) => !option('only') || option('only') === p);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const benches = { A: await startBenchServer(builds.A, ROWS), B: await startBenchServer(builds.B, ROWS) };
const lab = await lighthouseBrowser();
const reports = fileURLToPath(new URL('../../../artifacts/lighthouse', import.meta.url));
mkdirSync(reports, { recursive: true });
const results: Record<string, Array<{ score: number; tbt: number }>> = {};
try {
  for (let run = 1; run <= RUNS; run++)
    for (const page of pages)
      for (const name of ['A', 'B'] as const) {
        const bench = benches[name];
        if (page === 'list') await lab.signIn(bench);
        const lhr = await lab.score(`${bench.server.url}${page === 'list' ? LIST_PATH : '/login'}`, page === 'list', preset);
        writeFileSync(`${reports}/ab-${name}-${page}-${run}.json`, JSON.stringify(lhr));
        const s = summary(lhr);
        (results[`${name} ${page}`] ??= []).push(s);
        console.log(
          `run ${run} ${name} ${page.padEnd(7)} ${String(s.score).padStart(3)}  (${s.detail}; benchmark index ${s.benchmarkIndex})`,
        );
      }
  console.log('\nmedians');
  for (const [key, list] of Object.entries(results))
    console.log(`${key.padEnd(10)} score ${median(list.map((r) => r.score))}  TBT ${median(list.map((r) => r.tbt))} ms`);
} finally {
  lab.close();
  await Promise.all([benches.A.server.close(), benches.B.server.close()]);
}
