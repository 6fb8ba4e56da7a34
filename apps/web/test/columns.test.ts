import {
  deptEntity,
  houseEntity,
  lesseeEntity,
  paramEntity,
  paymentItemEntity,
  repairEntity,
  tenantPackageEntity,
  userEntity,
} from '@property/domain';
import { describe, expect, it } from 'vitest';
import { rememberReadable } from '../src/app/permissions';
import { columnsOf, formDefaultsOf, listQuery, rulesOf } from '../src/crud/columns';

const byIndex = (columns: ReturnType<typeof columnsOf>) => new Map(columns.map((c) => [String(c.dataIndex), c]));

describe('the generic screen from a definition', () => {
  it('labels fields from the message modules, in the chosen language', () => {
    expect(byIndex(columnsOf(paramEntity, 'zh')).get('paramName')?.title).toBe('参数名称');
    expect(byIndex(columnsOf(paramEntity, 'en')).get('paramName')?.title).toBe('Parameter name');
  });

  it('searches the fields the definition marks searchable, plus the creation time range', () => {
    const columns = byIndex(columnsOf(paramEntity, 'zh'));
    expect(columns.get('paramName')?.hideInSearch).toBe(false);
    expect(columns.get('paramValue')?.hideInSearch).toBe(true);
    const range = columns.get('createTimeRange')!;
    const transform = (range.search as { transform: (v: [string, string]) => unknown }).transform;
    expect(transform(['2026-01-01 00:00:00', '2026-01-31 23:59:59'])).toEqual({
      createTime_dategt: '2026-01-01 00:00:00',
      createTime_datelt: '2026-01-31 23:59:59',
    });
  });

  it('leaves out references to rows the user may not read (raw ids), and keeps those they may', () => {
    // A service clerk: the repair menu, none of the house or owner menus; the garden list is a reference read.
    rememberReadable((code) => code === repairEntity.permission);
    try {
      const clerk = byIndex(columnsOf(repairEntity, 'zh'));
      for (const key of ['houseId', 'ownerId'])
        expect(clerk.get(key), key).toMatchObject({
          hideInTable: true,
          hideInSearch: true,
          hideInForm: true,
          hideInDescriptions: true,
        });
      expect(clerk.get('gardenId')).toMatchObject({ hideInTable: false, hideInForm: false });
      expect(clerk.get('gardenId')).not.toHaveProperty('hideInDescriptions');
    } finally {
      rememberReadable(null);
    }
    const manager = byIndex(columnsOf(repairEntity, 'zh'));
    expect(manager.get('houseId')).toMatchObject({ hideInTable: false, hideInForm: false });
    expect(manager.get('ownerId')).not.toHaveProperty('hideInDescriptions');
  });

  it('shows amounts of money with the currency sign and areas without it', () => {
    expect(byIndex(columnsOf(lesseeEntity, 'zh')).get('rent')?.valueType).toBe('money');
    expect(byIndex(columnsOf(lesseeEntity, 'zh')).get('rent')?.fieldProps).not.toHaveProperty('moneySymbol');
    expect(byIndex(columnsOf(houseEntity, 'zh')).get('builtArea')).toMatchObject({
      valueType: 'money',
      fieldProps: { moneySymbol: false },
    });
  });

  it('draws number inputs as wide as the others (the English placeholder is not cut)', () => {
    expect(byIndex(columnsOf(lesseeEntity, 'en')).get('rent')?.fieldProps).toMatchObject({ style: { width: '100%' } });
    expect(byIndex(columnsOf(paramEntity, 'en')).get('paramName')?.fieldProps ?? {}).not.toHaveProperty('style');
    const sort = byIndex(columnsOf(houseEntity, 'en')).get('floor')!;
    expect(sort).toMatchObject({ valueType: 'digit', fieldProps: { style: { width: '100%' } } });
  });

  it('starts an add dialog with the definition defaults of the fields it shows, and no others', () => {
    const item = formDefaultsOf(paymentItemEntity, columnsOf(paymentItemEntity, 'zh'));
    // The charge item's cadence, due day, rounding, grace days and the auto-deduct choice, as the server would store them.
    expect(item).toEqual({ billingCycle: 1, dueDay: 15, decimalPlaces: 2, roundMode: 1, lateFeeGraceDays: 0, autoDeduct: 0 });
    // A reference's default (0: no parent) names no row the picker could show; the hidden row flags are not the form's.
    const dept = formDefaultsOf(deptEntity, columnsOf(deptEntity, 'zh'));
    expect(dept).not.toHaveProperty('parentId');
    expect(dept).not.toHaveProperty('status');
    expect(dept).not.toHaveProperty('isDeleted');
    // A field a screen takes out of its form is not given a value.
    const columns = columnsOf(paymentItemEntity, 'zh').map((c) => (c.dataIndex === 'dueDay' ? { ...c, hideInForm: true } : c));
    expect(formDefaultsOf(paymentItemEntity, columns)).not.toHaveProperty('dueDay');
  });

  it('keeps secrets out of the table and server-owned fields out of the form', () => {
    const columns = byIndex(columnsOf(userEntity, 'zh'));
    expect(columns.get('password')).toMatchObject({ valueType: 'password', hideInTable: true });
    expect(columns.get('createTime')?.hideInForm).toBe(true);
  });

  it('gives reference fields their choices and joins several with commas', () => {
    const columns = byIndex(columnsOf(userEntity, 'zh'));
    const roles = columns.get('roleId')!;
    expect(roles.valueType).toBe('treeSelect');
    expect((roles as { transform: (v: unknown) => unknown }).transform(['1', '2'])).toEqual({ roleId: '1,2' });
    expect((roles as { convertValue: (v: unknown) => unknown }).convertValue('1,2')).toEqual(['1', '2']);
    expect((roles as { renderText: (v: unknown) => unknown }).renderText('1,2')).toEqual(['1', '2']);
    expect(roles.fieldProps).not.toHaveProperty('treeCheckable');
    const menus = byIndex(columnsOf(tenantPackageEntity, 'zh')).get('menuId')!;
    expect(menus.valueType).toBe('treeSelect');
    expect(menus.fieldProps).toMatchObject({ treeCheckable: true, showCheckedStrategy: 'SHOW_ALL' });
  });

  it("checks with the spec's messages, the same the server answers, in the chosen language", async () => {
    const [required] = rulesOf(paramEntity.fields.paramName!, 'zh');
    expect(required).toMatchObject({ required: true, message: '请输入参数名称' });
    expect(rulesOf(paramEntity.fields.paramName!, 'en')[0]).toMatchObject({ message: 'Please enter the parameter name' });
    const phone = rulesOf(userEntity.fields.phone!, 'zh')[0] as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(phone.validator({}, '1380013800')).rejects.toThrow('手机号码长度不为11位');
    await expect(phone.validator({}, '13800138000')).resolves.toBeUndefined();
    const english = rulesOf(userEntity.fields.phone!, 'en')[0] as { validator: (r: unknown, v: unknown) => Promise<void> };
    await expect(english.validator({}, '1380013800')).rejects.toThrow('The mobile number must be 11 digits long');
  });

  it('gives the generic form the rules of the language of its columns', () => {
    const rulesIn = (locale: 'zh' | 'en') =>
      (byIndex(columnsOf(paramEntity, locale)).get('paramName')!.formItemProps as { rules: Array<{ message?: string }> }).rules;
    expect(rulesIn('en')[0]!.message).toBe('Please enter the parameter name');
    expect(rulesIn('zh')[0]!.message).toBe('请输入参数名称');
  });

  it("turns search values into the API's filters, paging and sort", () => {
    expect(
      listQuery(
        paramEntity,
        { current: 2, pageSize: 30, paramName: '参数', createTime_dategt: 'x' },
        { paramKey: 'ascend', createTime: 'descend' },
      ),
    ).toEqual({
      current: 2,
      size: 30,
      paramName_like: '参数',
      createTime_dategt: 'x',
      ascs: 'paramKey',
      descs: 'createTime',
    });
  });
});
