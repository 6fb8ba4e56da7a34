/**
 * npx tsx apps/web/bench/profile.ts --a <built dir> [--rows 1000 --runs 3]
 *
 * Where the list screen's first visit spends its main-thread JavaScript: a sampling profile from
 * navigation to the first row, self time summed by script (chunk) and by function, summed over
 * the runs. Shares, not times, are what to read on a shared machine.
 */
import { chromium } from 'playwright-core';
import { benchOption, CHROME_FLAGS, CHROMIUM, LIST_PATH, startBenchServer, signedInContext } from './lab';

const dir = benchOption('a');
if (!dir) throw new Error('usage: profile.ts --a <dir> [--rows N --runs N]');
const ROWS = Number(benchOption('rows') ?? 1000);
const RUNS = Number(benchOption('runs') ?? 3);
const TOP = Number(benchOption('top') ?? 30);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const bench = await startBenchServer(dir, ROWS);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
const byScript = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await signedInContext(browser, bench);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${bench.server.url}${LIST_PATH}`);
    await page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const frame = nodes.get(id)!.callFrame;
      const ms = (profile.timeDeltas[i] ?? 0) / 1000;
      if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
      const script = frame.url.replace(/.*\//, '') || frame.functionName;
      byScript.set(script, (byScript.get(script) ?? 0) + ms);
      const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber}:${frame.columnNumber}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      total += ms;
    });
    await context.close();
  }
} finally {
  await browser.close();
  await bench.server.close();
}
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (self time, % of ${(total / RUNS).toFixed(0)} ms a visit)`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${(v / RUNS).toFixed(0).padStart(5)} ms  ${k}`);
};
show('by script', byScript);
show('by function', byFunction);
