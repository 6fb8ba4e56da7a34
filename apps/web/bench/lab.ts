/**
 * What the console benches share: the real server on a fresh database with `rows` posts,
 * a signed-in session as session.ts keeps it, and a Lighthouse 12 desktop run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Result as LighthouseResult } from 'lighthouse';
import type { Browser, BrowserContext } from 'playwright-core';
import { md5Hex } from '../../server/src/platform/auth/password';
import { CLIENT_BASIC, startServer } from '../../server/test/harness';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
];
/** The list screen the benches open (岗位管理) and its list call. */
/** The value after `--<name>` on the bench's command line, if given. */
export function benchOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export const LIST_PATH = '/system/post';
export const LIST_CALL = '/api/blade-system/post/list';

/** A production build of the console in a folder of its own (the e2e tests' dist stays untouched); answers the folder. */
export function buildConsole(): string {
  const webRoot = mkdtempSync(join(tmpdir(), 'pc-web-bench-'));
  console.log('Building the console…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', webRoot, '--emptyOutDir'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return webRoot;
}

/** The server on a fresh database serving the console built in `webRoot`, with `rows` posts, and the admin's session. */
export async function startBenchServer(webRoot: string, rows: number) {
  const server = await startServer({ webRoot });
  const db = server.built.services.db;
  const dept = (await sql<{ id: string }>`select id from blade_dept where tenant_id = '000000' order by id limit 1`.execute(db))
    .rows[0].id;
  await sql`insert into blade_post (tenant_id, category, post_code, post_name, sort, create_dept, create_time)
    select '000000', 1 + g % 4, 'B' || g, '岗位' || g, g % 100, ${dept}, localtimestamp(0) - (g || ' seconds')::interval
    from generate_series(1, ${rows}) g`.execute(db);
  await sql`analyze blade_post`.execute(db);

  const tokenAnswer = (await (
    await fetch(
      `${server.url}/api/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5Hex('admin')}&grant_type=password&scope=all&type=account`,
      { method: 'POST', headers: { Authorization: CLIENT_BASIC, 'Tenant-Id': '000000' } },
    )
  ).json()) as { access_token: string; refresh_token: string };

  /** What session.ts keeps: tokens in cookies, the user and the token's time in local storage (prefix saber-). */
  const sessionCookies = () => [
    { name: 'saber-access-token', value: encodeURIComponent(tokenAnswer.access_token), url: server.url },
    { name: 'saber-refresh-token', value: encodeURIComponent(tokenAnswer.refresh_token), url: server.url },
  ];
  const sessionStorage = () => {
    const record = (content: unknown) =>
      JSON.stringify({ dataType: typeof content, content, type: 'local', datetime: Date.now() });
    return { 'saber-userInfo': record(tokenAnswer), 'saber-tokenIssuedAt': record(Date.now()) };
  };
  return { server, sessionCookies, sessionStorage };
}

export type BenchServer = Awaited<ReturnType<typeof startBenchServer>>;

/** A fresh browser context (an empty cache: a first visit) holding the bench administrator's session. */
export async function signedInContext(browser: Browser, bench: BenchServer): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  await context.addCookies(bench.sessionCookies());
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, bench.sessionStorage());
  return context;
}

/** A Chromium for Lighthouse, and a way to score a page in it (desktop or mobile preset, performance and accessibility). */
export async function lighthouseBrowser() {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { launch } = await import('chrome-launcher');
  const puppeteer = await import('puppeteer-core');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });

  /**
   * Lighthouse on `url`; `keepStorage` keeps the browser's cookies and local storage (a signed-in run).
   * The mobile preset is Lighthouse's default: a phone's screen, a slowed CPU (4x) and a slow 4G network.
   */
  const score = async (
    url: string,
    keepStorage: boolean,
    preset: 'desktop' | 'mobile' = 'desktop',
  ): Promise<LighthouseResult> => {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: keepStorage,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    return result!.lhr;
  };
  /** Signs the Lighthouse browser in on `bench`'s server: the session's cookies and local storage. */
  const signIn = async (bench: BenchServer) => {
    const connected = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await connected.newPage();
    await tab.goto(`${bench.server.url}/404`);
    await tab.setCookie(...bench.sessionCookies());
    await tab.evaluate((entries: Record<string, string>) => {
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
    }, bench.sessionStorage());
    await tab.close();
    await connected.disconnect();
  };
  return { score, signIn, close: () => chrome.kill() };
}

/** One line of a Lighthouse report: score and the metrics behind it. */
export function summary(lhr: LighthouseResult) {
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '';
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    // The accessibility audits that failed (score 0), by id: what to mend when the score is under 100.
    accessibilityFailures: (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    detail: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
  };
}
