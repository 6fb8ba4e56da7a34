/**
 * npm run bench -w apps/web [-- --rows 10000 --runs 5 --no-lighthouse]
 *
 * The console's speed, on a production build served by the real server:
 * - the sign-in page's JavaScript: gzip size of every script it loads, and the
 *   bytes Chromium actually received (the server's compression);
 * - in headless Chromium, the time from opening a list screen (岗位管理, a
 *   table of `--rows` posts) to its rows on screen, next to the time of its
 *   list call: first visits (a fresh browser context each: nothing cached;
 *   median of `--runs`) and repeat visits (median of `--runs`);
 * - Lighthouse 12 desktop performance and accessibility scores of the sign-in
 *   page and of the list screen, signed in.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from 'playwright-core';
import { buildConsole, CHROME_FLAGS, CHROMIUM, LIST_CALL, LIST_PATH, lighthouseBrowser, startBenchServer, summary } from './lab';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = flag('rows', 10_000);
const RUNS = flag('runs', 5);
const LIGHTHOUSE = !args.includes('--no-lighthouse');
/** The budget for the sign-in page. */
export const SIGN_IN_BUDGET_KB = 200;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// 1. A production build of its own (the e2e tests' dist stays untouched).
const webRoot = buildConsole();

// 2. The real server on a fresh database, with a large table for the list screen, and the admin's session.
const bench = await startBenchServer(webRoot, ROWS);
const { server, sessionCookies, sessionStorage } = bench;

try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });

  // 3. The sign-in page's scripts: gzip size of each (as built) and the bytes received.
  const login = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const loginPage = await login.newPage();
  const cdp = await login.newCDPSession(loginPage);
  await cdp.send('Network.enable');
  const scripts = new Map<string, { url: string; encoding?: string; cache?: string; received?: number }>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script')
      scripts.set(e.requestId, {
        url: e.response.url,
        encoding: e.response.headers['content-encoding'],
        cache: e.response.headers['cache-control'],
      });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const s = scripts.get(e.requestId);
    if (s) s.received = e.encodedDataLength;
  });
  await loginPage.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  await loginPage.getByRole('button', { name: /登\s*录/ }).waitFor();
  let gzipTotal = 0;
  let receivedTotal = 0;
  for (const s of scripts.values()) {
    const file = readFileSync(join(webRoot, new URL(s.url).pathname));
    gzipTotal += gzipSync(file, { level: 9 }).length;
    receivedTotal += s.received ?? 0;
  }
  const sample = [...scripts.values()][0];
  await login.close();

  // 4. Open the list screen: navigation start → first row on screen, and the list call's own time.
  const listRun = async (context: BrowserContext) => {
    const page = await context.newPage();
    await page.goto(`${server.url}${LIST_PATH}`);
    await page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    const timing = await page.evaluate((call) => {
      const w = window as unknown as { __rowsAt?: number };
      const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(call)) as PerformanceResourceTiming;
      return { rows: w.__rowsAt ?? performance.now(), callStart: entry.startTime, call: entry.responseEnd - entry.startTime };
    }, LIST_CALL);
    await page.close();
    return timing;
  };
  // A context of its own is a browser with an empty HTTP cache: a first visit.
  const storage = sessionStorage();
  const newListContext = async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    await context.addCookies(sessionCookies());
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [k, v] of Object.entries(entries)) if (!localStorage.getItem(k)) localStorage.setItem(k, v);
      // The moment the first row is in the document.
      new MutationObserver((_, observer) => {
        if (document.querySelector('.ant-table-tbody .ant-table-row')) {
          (window as unknown as { __rowsAt: number }).__rowsAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    }, storage);
    return context;
  };
  // First visits: a fresh context each, so the browser caches nothing; the server is one in use (the first of them
  // is also the first list call this server's database answers, shown apart: a server just started, not the page).
  type Visit = Awaited<ReturnType<typeof listRun>>;
  const cold: Visit[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await newListContext();
    cold.push(await listRun(context));
    await context.close();
  }
  const listContext = await newListContext();
  await listRun(listContext); // fills the cache
  const warm: Visit[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await listRun(listContext)); // scripts from the cache
  await listContext.close();
  await browser.close();

  console.log(`\nConsole, production build, ${ROWS.toLocaleString()} posts, Chromium headless\n`);
  console.log(
    `sign-in page JavaScript: ${scripts.size} files, ${kb(gzipTotal)} gzip (budget ${SIGN_IN_BUDGET_KB} KB), ` +
      `${kb(receivedTotal)} received (${sample?.encoding ?? 'uncompressed'}; ${sample?.cache ?? 'no cache header'})`,
  );
  console.log(`${'list screen (岗位管理)'.padEnd(36)} | open → rows ms | list call ms | call starts at ms`);
  const line = (name: string, t: { rows: number; call: number; callStart: number }) =>
    console.log(
      `${name.padEnd(36)} | ${t.rows.toFixed(0).padStart(14)} | ${t.call.toFixed(0).padStart(12)} | ${t.callStart.toFixed(0).padStart(17)}`,
    );
  const medians = (runs: Visit[]) => ({
    rows: median(runs.map((w) => w.rows)),
    call: median(runs.map((w) => w.call)),
    callStart: median(runs.map((w) => w.callStart)),
  });
  line(`first visit (empty cache, median of ${RUNS})`, medians(cold));
  line(`repeat visit (median of ${RUNS})`, medians(warm));
  line("a fresh server's first visit", cold[0]!);
  if (gzipTotal > SIGN_IN_BUDGET_KB * 1024) console.log(`!! the sign-in page is over its ${SIGN_IN_BUDGET_KB} KB budget`);

  // 5. Lighthouse 12, desktop preset, performance and accessibility.
  if (LIGHTHOUSE) {
    const lab = await lighthouseBrowser();
    try {
      const reports = fileURLToPath(new URL('../../../artifacts/lighthouse', import.meta.url));
      mkdirSync(reports, { recursive: true });
      const signInReport = await lab.score(`${server.url}/login`, false);
      writeFileSync(join(reports, 'sign-in.json'), JSON.stringify(signInReport));
      const signInMobileReport = await lab.score(`${server.url}/login`, false, 'mobile');
      writeFileSync(join(reports, 'sign-in-mobile.json'), JSON.stringify(signInMobileReport));
      await lab.signIn(bench);
      const listReport = await lab.score(`${server.url}${LIST_PATH}`, true);
      writeFileSync(join(reports, 'list.json'), JSON.stringify(listReport));
      const [signIn, signInMobile, list] = [summary(signInReport), summary(signInMobileReport), summary(listReport)];
      const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
      console.log(
        `\nLighthouse ${version}, desktop preset (this machine's benchmark index ${signIn.benchmarkIndex}; reports in artifacts/lighthouse)`,
      );
      console.log(`sign-in page  performance ${signIn.score}  (${signIn.detail})`);
      console.log(`list screen   performance ${list.score}  (${list.detail})`);
      console.log(`sign-in page, mobile preset (4x CPU, slow 4G)  performance ${signInMobile.score}  (${signInMobile.detail})`);
      const failures = (s: ReturnType<typeof summary>) =>
        s.accessibilityFailures.length ? ` (failed: ${s.accessibilityFailures.join(', ')})` : '';
      console.log(`sign-in page  accessibility ${signIn.accessibility}${failures(signIn)}`);
      console.log(`list screen   accessibility ${list.accessibility}${failures(list)}`);
    } finally {
      lab.close();
    }
  }
} finally {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
}
