import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3, type TestS3 } from '../../../server/test/s3-server';
import { axeViolations, describeViolations } from './axe';
import { choose, hasBrowser, newContext, rowAction, screenshot, signIn, signInInEnglish, useE2E, type Session } from './browser';

const DEMO_TENANT = '100001';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d6a4d20000000049454e44ae426082',
  'hex',
);

/**
 * 资源管理 in Chromium against the real server and an S3-compatible one (s3rver over HTTP, signatures
 * checked, started here): a storage configuration added and enabled; on 附件管理 a picture uploaded (it
 * lands in the bucket), viewed, downloaded and deleted (its object goes); on 短信配置 a configuration added,
 * a test message sent, and the record found in 短信记录. Each screen and dialog is clean under axe, and
 * photographed in Chinese at 1440 px and in English on a 390 px phone.
 */
describe.skipIf(!hasBrowser)('resources in Chromium', () => {
  let session: Session;
  let page: Page;
  let s3: TestS3;

  beforeAll(async () => {
    s3 = await startS3(['console-files']);
  });
  afterAll(async () => s3?.close());
  // The test's S3 server listens on 127.0.0.1: the suite's server allows internal endpoints (OSS_PRIVATE_ENDPOINTS).
  useE2E(
    (started) => ({ page } = session = started),
    { account: 'admin', password: 'admin', tenantId: DEMO_TENANT },
    {
      ossPrivateEndpoints: true,
    },
  );

  const db = () => session.e2e.server.built.services.db;
  const dialog = () => page.locator('.ant-modal:visible').last();
  const row = (text: string) => page.locator('.ant-table-row', { hasText: text }).first();
  const save = (d: Locator) => d.getByRole('button', { name: /^(确\s*定|保\s*存)$/ }).click();
  const noAxeProblems = async (where: string) => {
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    expect(describeViolations(where, await axeViolations(page, '#main-content, .ant-modal-wrap'))).toEqual([]);
  };

  it('adds a bucket on 对象存储 and enables it', async () => {
    await page.goto(`${session.url}/resource/oss`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const d = dialog();
    await choose(page, d, '存储类型', 'minio');
    await d.getByLabel('资源编号').fill('e2e-minio');
    await d.getByLabel('资源地址').fill(s3.endpoint);
    await d.getByLabel('AccessKey').fill(S3_ACCESS_KEY);
    await d.getByLabel('SecretKey').fill(S3_SECRET_KEY);
    await d.getByLabel('空间名').fill('console-files');
    await noAxeProblems('对象存储 新增');
    await save(d);
    await page.getByText('新增成功').last().waitFor();
    await row('e2e-minio').getByText('未启用').waitFor();
    await rowAction(page, row('e2e-minio'), /启\s*用/);
    await page
      .locator('.ant-modal-confirm', { hasText: '确定启用' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('启用成功').last().waitFor();
    await row('e2e-minio').getByText('已启用').waitFor();
    await noAxeProblems('对象存储');
    await screenshot(page, 'resources-oss-zh-1440');
    // The edit dialog offers the secret empty, to keep it.
    await rowAction(page, row('e2e-minio'), /修\s*改/);
    await expect(dialog().getByLabel('SecretKey').getAttribute('placeholder')).resolves.toBe('不修改请留空');
    await noAxeProblems('对象存储 修改');
    await dialog()
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('uploads a picture on 附件管理 into the bucket, views, downloads and deletes it', async () => {
    await page.goto(`${session.url}/resource/attach`);
    await page.getByRole('button', { name: /上\s*传/ }).click();
    const d = dialog();
    await noAxeProblems('上传附件');
    await d.locator('input[type=file]').setInputFiles({ name: 'text.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await d
      .getByRole('alert')
      .getByText(/文件类型不支持/)
      .waitFor();
    await d.locator('input[type=file]').setInputFiles({ name: '小区大门.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('上传成功').last().waitFor();
    await d.waitFor({ state: 'hidden' });
    const file = row('小区大门.png');
    await file.getByText('对象存储 e2e-minio').waitFor();
    await file.getByText(`${PNG.length} B`).waitFor();
    await file.getByText('管理员').waitFor();
    const stored = (
      await sql<{ id: string; name: string; storage: string }>`select id, name, storage from blade_attach
        where original_name = '小区大门.png' and tenant_id = ${DEMO_TENANT} and is_deleted = 0`.execute(db())
    ).rows[0]!;
    expect(stored.storage).toMatch(/^oss:\d+$/);
    expect((await s3.objectOf('console-files', stored.name))?.equals(PNG)).toBe(true);
    await noAxeProblems('附件管理');
    await screenshot(page, 'resources-attach-zh-1440');

    await rowAction(page, file, /查\s*看/);
    const view = dialog();
    await view.getByRole('img', { name: '小区大门.png' }).waitFor();
    await expect
      .poll(() => view.getByRole('img', { name: '小区大门.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
    await noAxeProblems('附件 查看');
    await screenshot(page, 'resources-attach-view-zh-1440');
    await view.locator('.ant-modal-close').click();

    const downloading = page.waitForEvent('download');
    await rowAction(page, file, /下\s*载/);
    const downloaded = await downloading;
    expect(downloaded.suggestedFilename()).toBe('小区大门.png');
    expect(readFileSync((await downloaded.path())!).equals(PNG)).toBe(true);

    await rowAction(page, file, /删\s*除/);
    await page
      .locator('.ant-modal-confirm', { hasText: '确定将选择数据删除?' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.getByText('删除成功').last().waitFor();
    await expect.poll(() => page.locator('.ant-table-row', { hasText: '小区大门.png' }).count()).toBe(0);
    expect(await s3.objectOf('console-files', stored.name)).toBeUndefined();
  });

  it('sends a test message from 短信配置 and finds its record in 短信记录', async () => {
    await page.goto(`${session.url}/resource/sms`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const d = dialog();
    await choose(page, d, '服务商', '阿里云');
    await d.getByLabel('资源编号').fill('e2e-aliyun');
    await d.getByLabel('模板ID').fill('SMS_E2E_1');
    await d.getByLabel('AccessKey').fill('e2e-ak');
    await d.getByLabel('SecretKey').fill('e2e-secret');
    await d.getByLabel('短信签名').fill('幸福物业');
    await save(d);
    await page.getByText('新增成功').last().waitFor();
    await rowAction(page, row('e2e-aliyun'), /发送短信/);
    const send = dialog();
    await send.getByText('短信不会真正发出').waitFor();
    await send.getByLabel('手机号码').fill('13912345678');
    await send.getByLabel('模板参数').fill('{"code":"2468"}');
    await noAxeProblems('发送短信');
    await screenshot(page, 'resources-sms-send-zh-1440');
    await send.getByRole('button', { name: /发送短信/ }).click();
    await page.getByText('已记录 1 条短信').last().waitFor();
    await noAxeProblems('短信配置');
    await screenshot(page, 'resources-sms-zh-1440');

    await page.goto(`${session.url}/billing/smsuse`);
    const record = row('13912345678');
    await record.getByText('e2e-aliyun').waitFor();
    await record.getByText('SMS_E2E_1').waitFor();
    await record.getByText('已记录(未发送)').waitFor();
    await noAxeProblems('短信记录');
    await screenshot(page, 'resources-smsuse-zh-1440');
  });

  it('shows the three screens in English on a phone and a wide screen, and in Chinese on a phone', async () => {
    const windows: [string, number, boolean][] = [
      ['en', 390, true],
      ['en', 1440, false],
      ['zh', 390, true],
    ];
    for (const [language, width, touch] of windows) {
      const context = await newContext(session.e2e.browser, {
        viewport: { width, height: touch ? 844 : 900 },
        locale: language === 'en' ? 'en' : 'zh-CN',
        hasTouch: touch,
      });
      const window = await context.newPage();
      window.setDefaultTimeout(15_000);
      if (language === 'en') await signInInEnglish(window, session.url, 'admin', 'admin', DEMO_TENANT);
      else {
        await signIn(window, session.url, 'admin', 'admin', DEMO_TENANT);
        await window.waitForURL('**/wel/index');
      }
      for (const name of ['oss', 'sms', 'attach']) {
        await window.goto(`${session.url}/resource/${name}`);
        await window.locator('.ant-table-row').first().waitFor();
        await screenshot(window, `resources-${name}-${language}-${width}`);
        if (language !== 'en') continue;
        // Headers and toolbar in English: Chinese is left only in data (names people typed, dictionary data).
        const chrome = await window.locator('#main-content .ant-pro-table-list-toolbar, #main-content thead').allInnerTexts();
        expect(chrome.join(' '), name).not.toMatch(/[\u4e00-\u9fff]/);
      }
      await context.close();
    }
  });
});
