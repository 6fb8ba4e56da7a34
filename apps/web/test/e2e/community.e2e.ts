import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { choose as pick, confirm, hasBrowser, rowAction, screenshot, signIn, useE2E } from './browser';

const DEMO_TENANT = '100001';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An import file: the template's header row, then the given rows (garden, building, unit, floor, number). */
async function workbook(rows: Array<Array<string | number>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('房屋');
  sheet.addRow(['小区名称', '楼栋名称', '单元名称', '楼层', '房号', '建筑面积', '套内面积', '房屋类型', '房屋状态', '备注']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const GARDEN = '端到端花园';

/**
 * The community and residents screens in Chromium against the real server,
 * in order: a garden with its stewards, a building batch-created from its
 * preview, an owner bound to a house with a family member and a car, and the
 * house detail that finds them all.
 */
describe.skipIf(!hasBrowser)('community and residents screens in Chromium', () => {
  let page: Page;
  let url: string;

  useE2E((session) => ({ page, url } = session));

  const dialog = () => page.locator('.ant-modal:visible').last();
  /** The open dialog with this title (one closing elsewhere does not count). */
  const modal = (title: string) =>
    page.locator('.ant-modal:visible', { has: page.locator('.ant-modal-title', { hasText: title }) });
  const drawer = () => page.locator('.ant-drawer-content:visible').last();
  const row = (text: string) => page.locator('.ant-table-row', { hasText: text }).first();
  const ok = (scope: Locator) => scope.getByRole('button', { name: /^(确\s*定|保\s*存)$/ }).click();
  const choose = (scope: Locator, label: string, option: string) => pick(page, scope, label, option);

  it('signs in to the demo tenant and adds a garden, which the header selector then offers', async () => {
    await signIn(page, url, 'admin', 'admin', DEMO_TENANT);
    await page.waitForURL('**/wel/index');
    await page.goto(`${url}/resource/garden`);
    await row('阳光花园').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await dialog().getByLabel('小区名称').fill(GARDEN);
    await ok(dialog());
    await page.getByText('新增成功').waitFor();
    await row(GARDEN).waitFor();
    await screenshot(page, '20-gardens');

    await page.getByRole('combobox', { name: '选择小区' }).click({ force: true });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: GARDEN }).click();
    await expect.poll(() => page.locator('.ant-select-selection-item', { hasText: GARDEN }).count()).toBeGreaterThan(0);
  });

  it('configures stewards: a wrong phone is refused with its message, then saved', async () => {
    await rowAction(page, row(GARDEN), '管家配置');
    await dialog().getByRole('button', { name: '添加管家' }).click();
    await dialog().getByLabel('管家姓名').fill('赵管家');
    await dialog().getByLabel('联系电话').fill('1380013');
    await ok(dialog());
    await dialog().getByText('电话号码格式不正确,请输入11位手机号码或座机号码(如010-12345678)').waitFor();
    await dialog().getByLabel('联系电话').fill('13800138009');
    await screenshot(page, '21-stewards');
    await ok(dialog());
    await page.getByText('操作成功!').waitFor();
    // Opened again, the dialog shows what was saved.
    await rowAction(page, row(GARDEN), '管家配置');
    await expect.poll(() => dialog().getByLabel('管家姓名').inputValue()).toBe('赵管家');
    await dialog()
      .getByRole('button', { name: /取\s*消/ })
      .click();
  });

  it('batch-creates a building after previewing its house numbers', async () => {
    await page.goto(`${url}/resource/building`);
    await page.getByRole('button', { name: '批量新增' }).click();
    const batch = dialog();
    await batch.getByText('填写单元数、楼层数和每层户数后显示房号').waitFor();
    await batch.getByLabel('楼栋名称').fill('1栋');
    await batch.getByLabel('单元数').fill('2');
    await batch.getByLabel('楼层数').fill('18');
    await batch.getByLabel('每层户数').fill('4');
    const preview = batch.getByTestId('batch-preview');
    await preview.getByText('共 2 个单元,每单元 18 层 × 4 户,合计 144 户').waitFor();
    await preview.getByText('1804', { exact: true }).waitFor();
    await preview.getByText('各单元房号相同: 1单元、2单元').waitFor();
    await screenshot(page, '22-building-batch-preview');
    // Past the server's limit the preview says so, with the server's words.
    await batch.getByLabel('楼层数').fill('201');
    await batch.getByText('单元数和每层户数最多50,楼层数最多200').waitFor();
    await batch.getByLabel('楼层数').fill('18');
    await ok(batch);
    await page.getByText('已生成 144 户').waitFor();
    await row('1栋').waitFor();
    await screenshot(page, '23-buildings');
  });

  it('adds an owner and binds them to a house', async () => {
    await page.goto(`${url}/citizen/owner`);
    await page.locator('.ant-pro-table').waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await dialog().getByLabel('业主姓名').fill('张业主');
    await dialog().getByLabel('手机号码').fill('13912345678');
    await ok(dialog());
    await page.getByText('新增成功').waitFor();
    await rowAction(page, row('张业主'), '绑定房屋');
    const bind = dialog();
    await choose(bind, '楼栋', '1栋');
    await choose(bind, '单元', '1单元');
    await choose(bind, '房屋', '0101');
    await page.keyboard.press('Escape');
    await screenshot(page, '24-owner-bind');
    await ok(bind);
    await page.getByText('已绑定 1 户').waitFor();
  });

  it('adds a family member and a car from the owner detail', async () => {
    await rowAction(page, row('张业主'), '详情');
    await drawer().getByText('1栋1单元0101').waitFor();
    await drawer().getByRole('button', { name: '添加家属' }).click();
    const family = modal('添加家属');
    await family.getByLabel('姓名').fill('张小明');
    await choose(family, '与业主关系', '子女');
    await ok(family);
    await page.getByText('新增成功').first().waitFor();
    await expect.poll(() => family.count()).toBe(0);
    await drawer().getByRole('tab', { name: /家属/ }).click();
    await drawer().getByText('张小明').waitFor();

    await drawer().getByRole('button', { name: '添加车辆' }).click();
    const car = modal('添加车辆');
    await choose(car, '车牌省份', '粤');
    await car.getByLabel('车牌字母').fill('b');
    await car.getByLabel('车牌号码').fill('12345');
    await ok(car);
    await expect.poll(() => car.count()).toBe(0);
    await drawer().getByRole('tab', { name: /车辆/ }).click();
    await drawer().getByText('粤B12345').waitFor();
    await screenshot(page, '25-owner-detail');
    await drawer().locator('.ant-drawer-close').click();
    await expect.poll(() => page.locator('.ant-drawer-content:visible').count()).toBe(0);
  });

  it("adds a family member and a car on the generic screens, picking the owner and the header garden's house", async () => {
    /** Opens 新增 on a residents screen, fills the owner and house pickers, and returns the dialog. */
    const addFor = async (path: string) => {
      await page.goto(`${url}${path}`);
      await page.locator('.ant-pro-table').waitFor();
      await page.getByRole('button', { name: /新\s*增/ }).click();
      const form = dialog();
      await choose(form, '业主', '张业主');
      await choose(form, '房屋', '1栋1单元0101');
      return form;
    };
    const family = await addFor('/citizen/family');
    await family.getByLabel('姓名', { exact: true }).fill('张小红');
    await choose(family, '与业主关系', '子女');
    await screenshot(page, '32-family-add');
    await ok(family);
    await page.getByText('新增成功').first().waitFor();
    // The list names the owner and the house, never their ids.
    await row('张小红').getByText('张业主').waitFor();
    await row('张小红').getByText('1栋1单元0101').waitFor();
    await screenshot(page, '33-families');

    const car = await addFor('/citizen/car');
    await choose(car, '车牌省份', '京');
    await car.getByLabel('车牌字母').fill('A');
    await car.getByLabel('车牌号码').fill('54321');
    await ok(car);
    await page.getByText('新增成功').first().waitFor();
    await row('54321').getByText('张业主').waitFor();
    await row('54321').getByText('1栋1单元0101').waitFor();
    await screenshot(page, '34-cars');
  });

  it('finds the owner, family member and car in the house detail, from the tree', async () => {
    await page.goto(`${url}/resource/house`);
    const tree = page.getByRole('tree');
    await tree.getByText(GARDEN).click();
    await tree.locator('.ant-tree-treenode', { hasText: GARDEN }).locator('.ant-tree-switcher').click();
    await tree.getByText('1栋', { exact: true }).waitFor();
    await tree.locator('.ant-tree-treenode', { hasText: '1栋' }).locator('.ant-tree-switcher').click();
    await tree.getByText('1单元', { exact: true }).click();
    // The list shows the selected unit's 72 houses.
    await page.locator('.ant-pagination-total-text', { hasText: '72' }).waitFor();
    await tree.locator('.ant-tree-treenode', { hasText: '1单元' }).locator('.ant-tree-switcher').click();
    await screenshot(page, '26-houses-tree');
    await tree.getByText('0101', { exact: true }).click();
    const detail = drawer();
    await detail.getByText('1栋1单元0101').waitFor();
    await detail.getByText('张业主').waitFor();
    await detail.getByRole('tab', { name: /家属/ }).click();
    await detail.getByText('张小明').waitFor();
    await detail.locator('.ant-table-row', { hasText: '张小明' }).getByText('子女').waitFor();
    await detail.getByRole('tab', { name: /车辆/ }).click();
    await detail.getByText('粤B12345').waitFor();
    await screenshot(page, '27-house-detail');
    await detail.locator('.ant-drawer-close').click();
    await expect.poll(() => page.locator('.ant-drawer-content:visible').count()).toBe(0);
  });

  it('opens the house import dialog and refuses a file that is not an Excel workbook', async () => {
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const upload = dialog();
    await upload.getByText('1. 下载模板', { exact: false }).waitFor();
    await upload
      .locator('input[type=file]')
      .setInputFiles({ name: 'houses.xlsx', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2') });
    await upload.getByText('文件类型错误,请上传 .xlsx 格式的 Excel 文件').waitFor();
  });

  it('imports houses: a wrong row is reported (and downloadable) with nothing saved, then the fixed file is saved', async () => {
    const upload = dialog();
    const wrong = await workbook([
      ['', '2栋', '1单元', 1, '0101'],
      ['', '2栋', '1单元', 1, ''],
    ]);
    await upload.locator('input[type=file]').setInputFiles({ name: 'houses.xlsx', mimeType: XLSX, buffer: wrong });
    await upload.getByText('导入失败,未保存任何数据,共 1 处错误').waitFor();
    await upload.locator('.ant-table-row', { hasText: '请输入房号' }).getByText('3', { exact: true }).waitFor();
    await screenshot(page, '28-house-import');
    const downloading = page.waitForEvent('download');
    await upload.getByRole('button', { name: '下载错误报告' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/^房屋导入错误报告 .*\.xlsx$/);

    const fixed = await workbook([
      ['', '2栋', '1单元', 1, '0101'],
      ['', '2栋', '1单元', 1, '0102'],
    ]);
    await upload.locator('input[type=file]').setInputFiles({ name: 'houses.xlsx', mimeType: XLSX, buffer: fixed });
    await upload.getByText('导入成功,共 2 户').first().waitFor();
    await upload.locator('.ant-modal-close').click();
    // The whole garden's houses, searched by full name, now hold the imported ones.
    await page.getByRole('tree').getByText(GARDEN).click();
    await page.locator('.ant-pro-query-filter').getByLabel('房屋全称').fill('2栋1单元');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('.ant-pro-table .ant-table-row').allInnerTexts()).toHaveLength(2);
    await page.locator('.ant-pro-table .ant-table-row', { hasText: '2栋1单元0102' }).waitFor();
  });

  it('shows the unit list and the examination queue scoped by the garden', async () => {
    await page.goto(`${url}/resource/unit`);
    await row('2单元').waitFor();
    await screenshot(page, '29-units');
    await page.goto(`${url}/citizen/examine`);
    await page.locator('.ant-pro-table').waitFor();
    // The demo's applications are for 阳光花园, not for the garden chosen in the header.
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(0);
    await screenshot(page, '30-examine');
  });

  it('reviews applications of another garden: rejects one (a reason is required) and approves one', async () => {
    await page.getByRole('combobox', { name: '选择小区' }).click({ force: true });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '阳光花园' }).click();
    await rowAction(page, row('赵明'), '审核');
    await drawer().getByText('13700137001').waitFor();
    await drawer()
      .getByRole('button', { name: /驳\s*回/ })
      .click();
    const reject = modal('驳回');
    await ok(reject);
    await reject.getByText('请输入驳回原因').waitFor();
    await reject.getByLabel('驳回原因').fill('产权证明不清晰');
    await ok(reject);
    await page.getByText('操作成功!').first().waitFor();
    await row('赵明').getByText('审核驳回').waitFor();

    await rowAction(page, row('钱丽'), '审核');
    await drawer().getByText('13700137002').waitFor();
    await screenshot(page, '31-examine-detail');
    await drawer()
      .getByRole('button', { name: /通\s*过/ })
      .click();
    await confirm(page, '确定通过该申请?');
    await row('钱丽').getByText('审核通过').waitFor();
    // The approval made her an owner.
    await page.goto(`${url}/citizen/owner`);
    await row('钱丽').waitFor();
    // Refusals along the way showed their messages; none was an error of the page.
    await expect(page.getByRole('button', { name: '错误日志' }).locator('.ant-badge-count').count()).resolves.toBe(0);
  });

  it("renders the demo garden's residents and facility screens, residents' rows named rather than numbered", async () => {
    const residents = ['/citizen/lessee', '/citizen/ownership', '/citizen/resident', '/citizen/family', '/citizen/car'];
    const facilities = ['/resource/parking', '/resource/parkingspace', '/resource/elevator', '/resource/hydrant'];
    for (const path of [...residents, ...facilities]) {
      await page.goto(`${url}${path}`);
      // Loaded: its rows, or the table's empty state.
      await page.locator('.ant-pro-table').locator('.ant-table-row, .ant-empty').first().waitFor();
      // The table may load again after its first rows show: wait until it has settled.
      await expect.poll(() => page.locator('.ant-pro-table .ant-spin-spinning').count(), { timeout: 10_000 }).toBe(0);
      // Once the pickers' choices load, no cell of a reference column holds a bare database id (19 digits).
      // (Facility screens are only photographed: their pickers are the facility module's.)
      if (residents.includes(path)) {
        const cells = page.locator('.ant-pro-table .ant-table-row td');
        const bareIds = async () => (await cells.allInnerTexts()).filter((text) => /^\d{19}$/.test(text.trim()));
        await expect.poll(bareIds, { timeout: 10_000 }).toEqual([]);
      }
      await screenshot(page, `35-${path.split('/').pop()}`);
    }
  });
});
