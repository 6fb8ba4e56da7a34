/**
 * npx tsx apps/web/bench/cpu.ts --a <built dir> [--b <built dir>] [--rows 1000 --runs 5]
 *
 * The main thread's CPU time while the console starts, from Chromium's trace: robust where
 * Lighthouse's wall-clock figures are not (a machine shared with other work stretches every
 * task; the CPU time a task used hardly moves). Per build and page (sign-in, list screen):
 * main-thread CPU from navigation to the page being ready (sign-in button / first row, then
 * 500 ms), the longest task's CPU time, and "CPU blocking time" — Σ max(0, task CPU − 50 ms),
 * Lighthouse's TBT counted in CPU time. Runs alternate between the builds.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, LIST_PATH, startBenchServer, type BenchServer } from './lab';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dirs = Object.entries({ A: option('a'), B: option('b') }).filter((e): e is [string, string] => Boolean(e[1]));
if (!dirs.length) throw new Error('usage: cpu.ts --a <dir> [--b <dir>] [--rows N --runs N]');
const ROWS = Number(option('rows') ?? 1000);
const RUNS = Number(option('runs') ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** One start of `path` in a fresh context, traced: the main thread's tasks in CPU time. */
async function traceStart(browser: Browser, bench: BenchServer, path: string, ready: string) {
  const context = await browser.newContext({ viewport: { width: 1350, height: 940 }, locale: 'zh-CN' });
  if (path !== '/login') {
    await context.addCookies(bench.sessionCookies());
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, bench.sessionStorage());
  }
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.goto(`${bench.server.url}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 120_000 });
  await page.waitForTimeout(500);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  await context.close();
  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((t) => t.pid === e.pid && t.tid === e.tid && t.name === 'RunTask' && (t.tdur ?? 0) > 20_000),
  );
  const tasks = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.name === 'RunTask' && e.ph === 'X');
  const cpu = tasks.map((t) => (t.tdur ?? 0) / 1000);
  return {
    cpu: cpu.reduce((a, b) => a + b, 0),
    longest: Math.max(...cpu),
    blocking: cpu.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0),
    longTasks: cpu.filter((ms) => ms > 50).length,
  };
}

const benches = await Promise.all(dirs.map(async ([name, dir]) => [name, await startBenchServer(dir, ROWS)] as const));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const results: Record<string, Array<Awaited<ReturnType<typeof traceStart>>>> = {};
try {
  for (let run = 1; run <= RUNS; run++)
    for (const [page, path, ready] of [
      ['sign-in', '/login', 'button.login-button-primary'],
      ['list', LIST_PATH, '.ant-table-tbody .ant-table-row'],
    ] as const)
      for (const [name, bench] of benches) {
        const r = await traceStart(browser, bench, path, ready);
        (results[`${name} ${page}`] ??= []).push(r);
        console.log(
          `run ${run} ${name} ${page.padEnd(7)} cpu ${r.cpu.toFixed(0)} ms, blocking ${r.blocking.toFixed(0)} ms, longest ${r.longest.toFixed(0)} ms, ${r.longTasks} long tasks`,
        );
      }
  console.log('\nmedians (main-thread CPU time)');
  for (const [key, list] of Object.entries(results))
    console.log(
      `${key.padEnd(10)} cpu ${median(list.map((r) => r.cpu)).toFixed(0)} ms, blocking ${median(list.map((r) => r.blocking)).toFixed(0)} ms, longest ${median(list.map((r) => r.longest)).toFixed(0)} ms`,
    );
} finally {
  await browser.close();
  await Promise.all(benches.map(([, b]) => b.server.close()));
}
