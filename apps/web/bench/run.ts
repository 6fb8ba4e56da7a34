/**
 * npm run bench -w apps/web [-- --rows 10000 --runs 5 --no-lighthouse]
 *
 * The console's speed, on a production build served by the real server:
 * - the sign-in page's JavaScript: gzip size of every script it loads, and the
 *   bytes Chromium actually received (the server's compression);
 * - in headless Chromium, the time from opening a list screen (岗位管理, a
 *   table of `--rows` posts) to its rows on screen, next to the time of its
 *   list call;
 * - Lighthouse 12 desktop performance scores of the sign-in page and of the
 *   list screen, signed in.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { chromium, type BrowserContext } from 'playwright-core';
import { md5Hex } from '../../server/src/platform/auth/password';
import { CLIENT_BASIC, startServer } from '../../server/test/harness';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROWS = flag('rows', 10_000);
const RUNS = flag('runs', 5);
const LIGHTHOUSE = !args.includes('--no-lighthouse');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
/** The budget for the sign-in page. */
export const SIGN_IN_BUDGET_KB = 250;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// 1. A production build of its own (the e2e tests' dist stays untouched).
const webRoot = mkdtempSync(join(tmpdir(), 'pc-web-bench-'));
console.log('Building the console…');
execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', webRoot, '--emptyOutDir'], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});

// 2. The real server on a fresh database, with a large table for the list screen.
const server = await startServer({ webRoot });
const db = server.built.services.db;
const dept = (await sql<{ id: string }>`select id from blade_dept where tenant_id = '000000' order by id limit 1`.execute(db))
  .rows[0].id;
await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort, create_dept, create_time)
  select '000000', 1 + g % 4, 'B' || g, '岗位' || g, g % 100, ${dept}, localtimestamp(0) - (g || ' seconds')::interval
  from generate_series(1, ${ROWS}) g`.execute(db);
await sql`analyze blade_post`.execute(db);

const tokenAnswer = (await (
  await fetch(
    `${server.url}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password&scope=all&type=account`,
    { method: 'POST', headers: { Authorization: CLIENT_BASIC, 'Tenant-Id': '000000' } },
  )
).json()) as { access_token: string; refresh_token: string };

/** What session.ts keeps: tokens in cookies, the user and the token's time in local storage (prefix saber-). */
const sessionCookies = (url: string) => [
  { name: 'saber-access-token', value: encodeURIComponent(tokenAnswer.access_token), url },
  { name: 'saber-refresh-token', value: encodeURIComponent(tokenAnswer.refresh_token), url },
];
const sessionStorage = () => {
  const record = (content: unknown) => JSON.stringify({ dataType: typeof content, content, type: 'local', datetime: Date.now() });
  return { 'saber-userInfo': record(tokenAnswer), 'saber-tokenIssuedAt': record(Date.now()) };
};
const LIST_PATH = '/system/post';
const LIST_CALL = '/api/blade-system/post/list';

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
  const listContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await listContext.addCookies(sessionCookies(server.url));
  const storage = sessionStorage();
  await listContext.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) if (!localStorage.getItem(k)) localStorage.setItem(k, v);
    // The moment the first row is in the document.
    new MutationObserver((_, observer) => {
      if (document.querySelector('.ant-table-tbody .ant-table-row')) {
        (window as unknown as { __rowsAt: number }).__rowsAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, storage);
  const cold = await listRun(listContext); // empty HTTP cache
  const warm = [];
  for (let i = 0; i < RUNS; i++) warm.push(await listRun(listContext)); // scripts from the cache
  await listContext.close();
  await browser.close();

  console.log(`\nConsole, production build, ${ROWS.toLocaleString()} posts, Chromium headless\n`);
  console.log(
    `sign-in page JavaScript: ${scripts.size} files, ${kb(gzipTotal)} gzip (budget ${SIGN_IN_BUDGET_KB} KB), ` +
      `${kb(receivedTotal)} received (${sample?.encoding ?? 'uncompressed'}; ${sample?.cache ?? 'no cache header'})`,
  );
  console.log('list screen (岗位管理)          | open → rows ms | list call ms | call starts at ms');
  const line = (name: string, t: { rows: number; call: number; callStart: number }) =>
    console.log(
      `${name.padEnd(31)} | ${t.rows.toFixed(0).padStart(14)} | ${t.call.toFixed(0).padStart(12)} | ${t.callStart.toFixed(0).padStart(17)}`,
    );
  line('first visit (empty cache)', cold);
  line(`repeat visit (median of ${RUNS})`, {
    rows: median(warm.map((w) => w.rows)),
    call: median(warm.map((w) => w.call)),
    callStart: median(warm.map((w) => w.callStart)),
  });
  if (gzipTotal > SIGN_IN_BUDGET_KB * 1024) console.log(`!! the sign-in page is over its ${SIGN_IN_BUDGET_KB} KB budget`);

  // 5. Lighthouse 12, desktop preset, performance only.
  if (LIGHTHOUSE) {
    const { default: lighthouse } = await import('lighthouse');
    const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
    const { launch } = await import('chrome-launcher');
    const puppeteer = await import('puppeteer-core');
    const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const reports = fileURLToPath(new URL('../../../artifacts/lighthouse', import.meta.url));
      mkdirSync(reports, { recursive: true });
      const score = async (url: string, keepStorage: boolean, name: string) => {
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: keepStorage,
          },
          desktopConfig,
        );
        const lhr = result!.lhr;
        writeFileSync(join(reports, `${name}.json`), JSON.stringify(lhr));
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';
        return {
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          benchmarkIndex: lhr.environment.benchmarkIndex,
          detail: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
        };
      };
      const signIn = await score(`${server.url}/login`, false, 'sign-in');
      // Sign in the Lighthouse browser: the session's cookies and local storage, as session.ts keeps them.
      const connected = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const tab = await connected.newPage();
      await tab.goto(`${server.url}/404`);
      await tab.setCookie(...sessionCookies(server.url));
      await tab.evaluate((entries: Record<string, string>) => {
        for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
      }, sessionStorage());
      await tab.close();
      await connected.disconnect();
      const list = await score(`${server.url}${LIST_PATH}`, true, 'list');
      const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
      console.log(
        `\nLighthouse ${version}, desktop preset (this machine's benchmark index ${signIn.benchmarkIndex}; reports in artifacts/lighthouse)`,
      );
      console.log(`sign-in page  performance ${signIn.score}  (${signIn.detail})`);
      console.log(`list screen   performance ${list.score}  (${list.detail})`);
    } finally {
      chrome.kill();
    }
  }
} finally {
  await server.close();
  rmSync(webRoot, { recursive: true, force: true });
}
