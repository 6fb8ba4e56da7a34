/**
 * npx tsx apps/web/bench/first-visit.ts --a <built dir> --b <built dir> [--rows 10000 --runs 5]
 *
 * The list screen's first visit (an empty cache, signed in) of two builds, alternating A, B, A, B…
 * so both see the same machine load: navigation start → the list call starts, → the first row in
 * the document. A first visit is one sample a fresh browser context, so the runs are what gives a
 * spread; the medians are printed last. The repeat-visit figures are `npm run bench -w apps/web`'s.
 */
import { chromium } from 'playwright-core';
import { benchOption, CHROME_FLAGS, CHROMIUM, LIST_CALL, LIST_PATH, startBenchServer, type BenchServer } from './lab';

const option = benchOption;
const builds = { A: option('a'), B: option('b') };
if (!builds.A || !builds.B) throw new Error('usage: first-visit.ts --a <dir> --b <dir> [--rows N --runs N]');
const ROWS = Number(option('rows') ?? 10_000);
const RUNS = Number(option('runs') ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const benches = { A: await startBenchServer(builds.A, ROWS), B: await startBenchServer(builds.B, ROWS) };
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });

async function firstVisit(bench: BenchServer) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addCookies(bench.sessionCookies());
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    // The moment the first row is in the document.
    new MutationObserver((_, observer) => {
      if (document.querySelector('.ant-table-tbody .ant-table-row')) {
        (window as unknown as { __rowsAt: number }).__rowsAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, bench.sessionStorage());
  const page = await context.newPage();
  await page.goto(`${bench.server.url}${LIST_PATH}`);
  await page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
  const timing = await page.evaluate((call) => {
    const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(call)) as PerformanceResourceTiming;
    return { rows: (window as unknown as { __rowsAt: number }).__rowsAt, callStart: entry.startTime };
  }, LIST_CALL);
  await context.close();
  return timing;
}

const results: Record<'A' | 'B', Array<{ rows: number; callStart: number }>> = { A: [], B: [] };
try {
  for (let run = 1; run <= RUNS; run++)
    for (const name of ['A', 'B'] as const) {
      const t = await firstVisit(benches[name]);
      results[name].push(t);
      console.log(`run ${run} ${name}: list call starts ${t.callStart.toFixed(0)} ms, rows ${t.rows.toFixed(0)} ms`);
    }
  console.log('\nmedians (ms): list call starts / rows on screen');
  for (const name of ['A', 'B'] as const)
    console.log(
      `${name}: ${median(results[name].map((r) => r.callStart)).toFixed(0)} / ${median(results[name].map((r) => r.rows)).toFixed(0)}`,
    );
} finally {
  await browser.close();
  await Promise.all([benches.A.server.close(), benches.B.server.close()]);
}
