import { unzipSync, strFromU8 } from 'fflate';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from './axe';
import { animationsEnded, hasBrowser, newContext, rowAction, screenshot, signInInEnglish, useE2E, type E2E } from './browser';

/**
 * The development tools in Chromium, as the platform administrator: the product's own database tested from the
 * data source list; a model of a real table of it (a draft table, as a developer makes one by hand) picked
 * from the source's tables, its columns read and read again; a code record for it, its code generated and
 * downloaded as a zip (its files checked), the record copied. axe finds nothing serious on the screens and
 * dialogs; screenshots in Chinese and English, 1440 and 390 px wide.
 */
describe.skipIf(!hasBrowser)('the development tools in Chromium', () => {
  let e2e: E2E;
  let page: Page;
  let url: string;

  useE2E((session) => ({ e2e, page, url } = session), { account: 'admin', password: 'admin', tenantId: '000000' });

  const row = (text: string) => page.locator('#main-content .ant-table-row', { hasText: text }).first();
  const dialog = () => page.locator('.ant-modal:visible').last();
  const noAxeProblems = async (where: string) => {
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await animationsEnded(page);
    expect(describeViolations(where, await axeViolations(page, '#main-content, .ant-modal-wrap'))).toEqual([]);
  };
  /** Picks `option` in the select labelled `label` of the open dialog. */
  const choose = async (label: string, option: string) => {
    await dialog().getByLabel(label).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  };
  const ok = (name = /^(确\s*定|保\s*存)$/) => dialog().getByRole('button', { name }).click();

  it('tests the product’s own database from the data source list', async () => {
    await page.goto(`${url}/develop/datasource`);
    await row('本系统数据库').waitFor();
    await rowAction(page, row('本系统数据库'), '测试连接');
    await page.getByText(/^连接成功:PostgreSQL \d+/).waitFor();
    await noAxeProblems('数据源管理');
    await screenshot(page, 'develop-datasource');
    // The add dialog: the password typed in a password box.
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await expect(dialog().getByLabel('密码').getAttribute('type')).resolves.toBe('password');
    await noAxeProblems('数据源 新增');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
    // The edit dialog reads no password: left empty, the stored one stays, as its box says.
    await rowAction(page, row('本系统数据库'), '修改');
    await expect(dialog().getByLabel('密码').getAttribute('placeholder')).resolves.toBe('不修改请留空');
    await expect(dialog().getByLabel('密码').inputValue()).resolves.toBe('');
    await noAxeProblems('数据源 修改');
    await page.keyboard.press('Escape');
  });

  it('adds a model of a real table picked from the source, and reads its columns', async () => {
    await sql`create table e2e_notice (id bigserial primary key, title varchar(80) not null, content text, publish_date date)`.execute(
      e2e.server.built.services.db,
    );
    await sql`comment on table e2e_notice is '小区公告草稿'`.execute(e2e.server.built.services.db);
    await sql`comment on column e2e_notice.title is '标题'`.execute(e2e.server.built.services.db);
    await page.goto(`${url}/develop/model`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await choose('数据源', '本系统数据库');
    await dialog().getByLabel('物理表名').fill('e2e_no');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'e2e_notice' }).click();
    // The picked table names the model.
    await expect(dialog().getByLabel('模型名称').inputValue()).resolves.toBe('小区公告草稿');
    await expect(dialog().getByLabel('模型编号').inputValue()).resolves.toBe('e2e_notice');
    await expect(dialog().getByLabel('类名').inputValue()).resolves.toBe('E2eNotice');
    await noAxeProblems('数据模型 新增');
    await ok();
    await page.getByText('新增成功').last().waitFor();
    await row('e2e_notice').waitFor();
    await screenshot(page, 'develop-model');

    await rowAction(page, row('e2e_notice'), '字段');
    const columns = dialog();
    for (const column of ['id', 'title', 'content', 'publish_date'])
      await columns.locator('.ant-table-row', { hasText: column }).first().waitFor();
    await columns.locator('.ant-table-row', { hasText: 'publishDate' }).waitFor();
    await noAxeProblems('模型字段');
    await columns.getByRole('button', { name: /加载字段/ }).click();
    await page.getByText('已读取表 e2e_notice 的 4 个字段:新增 0,更新 0,移除 0').waitFor();
    await screenshot(page, 'develop-model-columns');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal:visible').count()).toBe(0);
  });

  it('adds a code record, generates its code as a zip, and copies the record', async () => {
    await page.goto(`${url}/develop/code`);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await choose('数据模型', '小区公告草稿');
    await dialog().getByLabel('模块名称').fill('小区公告');
    await dialog().getByLabel('服务名称').fill('e2e-notice');
    await dialog().getByLabel('接口路径').fill('/system-property/e2e-notice');
    await dialog().getByLabel('菜单编号').fill('e2enotice');
    await dialog().getByLabel('菜单路径').fill('/service/e2e-notice');
    await dialog().getByLabel('上级菜单').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: '物业服务' }).first().click();
    await noAxeProblems('代码生成 新增');
    await ok();
    await page.getByText('新增成功').last().waitFor();
    await row('小区公告').waitFor();

    await rowAction(page, row('小区公告'), '代码生成');
    await dialog().getByText('控制台:定义、接口与界面').waitFor();
    await noAxeProblems('生成代码');
    await screenshot(page, 'develop-generate');
    const downloading = page.waitForEvent('download');
    await ok(/^代码生成$/);
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('e2e-notice.zip');
    await page.getByText('已下载 e2e-notice.zip').waitFor();
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'GENERATED.md',
        'packages/domain/src/entities/e2e-notice/e2e-notice.entity.ts',
        'packages/domain/src/entities/e2e-notice/index.ts',
        'packages/domain/src/messages/e2e-notice-zh.ts',
        'packages/domain/src/messages/e2e-notice-en.ts',
        'apps/server/src/modules/e2e-notice/index.ts',
        'apps/server/migrations/schema.json',
      ]),
    );
    const definition = strFromU8(files['packages/domain/src/entities/e2e-notice/e2e-notice.entity.ts']!);
    expect(definition).toContain("title: text({ required: 'e2eNoticeTitleRequired', maxLength: 80, search: 'like' }),");
    expect(definition).toContain('publishDate: date(),');
    expect(strFromU8(files['packages/domain/src/messages/e2e-notice-zh.ts']!)).toContain("e2eNoticeTitleRequired: '请输入标题',");

    await rowAction(page, row('小区公告'), '复制');
    await page.getByText('已复制').last().waitFor();
    await row('小区公告(副本)').waitFor();
    await noAxeProblems('代码生成');
    await screenshot(page, 'develop-code');
  });

  it('reads in English and fits a phone', async () => {
    const context = await newContext(e2e.browser, { viewport: { width: 1440, height: 900 }, locale: 'en' });
    const english = await context.newPage();
    english.setDefaultTimeout(15_000);
    try {
      await signInInEnglish(english, url, 'admin', 'admin', '000000');
      for (const [path, text, name] of [
        ['/develop/datasource', '本系统数据库', 'datasource'],
        ['/develop/model', 'e2e_notice', 'model'],
        ['/develop/code', '小区公告', 'code'],
      ] as const) {
        await english.goto(`${url}${path}`);
        await english.locator('.ant-table-row', { hasText: text }).first().waitFor();
        await english.getByRole('button', { name: /^Add$/ }).click();
        await english.locator('.ant-modal:visible').waitFor();
        const words = await english.locator('.ant-modal:visible').innerText();
        expect(words, path).not.toMatch(/\p{Script=Han}/u);
        await screenshot(english, `develop-${name}-en-add`);
        await english.keyboard.press('Escape');
        await screenshot(english, `develop-${name}-en`);
        await english.setViewportSize({ width: 390, height: 844 });
        // The sidebar folds away as the window narrows: measured once it has.
        const overflow = () =>
          english.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        await expect.poll(overflow, { message: path }).toBeLessThanOrEqual(0);
        await animationsEnded(english);
        await screenshot(english, `develop-${name}-en-390`);
        await english.setViewportSize({ width: 1440, height: 900 });
      }
    } finally {
      await context.close();
    }
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const [path, text, name] of [
        ['/develop/datasource', '本系统数据库', 'datasource'],
        ['/develop/model', 'e2e_notice', 'model'],
        ['/develop/code', '小区公告', 'code'],
      ] as const) {
        await page.goto(`${url}${path}`);
        await row(text).waitFor();
        await animationsEnded(page);
        await screenshot(page, `develop-${name}-390`);
      }
      // The columns' sub-table scrolls sideways inside its dialog.
      await page.goto(`${url}/develop/model`);
      await rowAction(page, row('e2e_notice'), '字段');
      await dialog().locator('.ant-table-row', { hasText: 'publish_date' }).waitFor();
      await animationsEnded(page);
      await screenshot(page, 'develop-model-columns-390');
      await page.keyboard.press('Escape');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('binds a tenant to a data source picked from the list', async () => {
    await page.goto(`${url}/system/tenant`);
    await row('示范物业服务有限公司').locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /数据源配置/ }).click();
    await choose('数据源', '本系统数据库');
    await noAxeProblems('数据源配置');
    await screenshot(page, 'develop-tenant-datasource');
    await ok();
    await page.getByText('操作成功').last().waitFor();
    const bound = await sql<{ name: string }>`select d.name from blade_tenant t join blade_datasource d on d.id = t.datasource_id
      where t.tenant_id = '100001'`.execute(e2e.server.built.services.db);
    expect(bound.rows).toEqual([{ name: '本系统数据库' }]);
  });
});
