import { codeEntity, datasourceEntity, modelPrototypeEntity, type PickerNode } from '@property/domain';
import { describe, expect, it } from 'vitest';
import { columnsOf, rulesOf } from '../src/crud/columns';
import { groupsOf, modelNamesOf } from '../src/modules/develop/forms';

const byIndex = (columns: ReturnType<typeof columnsOf>) => new Map(columns.map((c) => [String(c.dataIndex), c]));

/** The first rule's answer to a value: its message when refused, undefined when accepted. */
async function refusal(rules: ReturnType<typeof rulesOf>, value: unknown): Promise<string | undefined> {
  for (const rule of rules) {
    if (typeof rule === 'function' || !('validator' in rule) || !rule.validator) continue;
    try {
      await rule.validator(rule, value, () => undefined);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return undefined;
}

describe('the development tools’ screens', () => {
  it('name a model after its picked table: its comment, a code and a class', () => {
    expect(modelNamesOf('legacy_notice', '旧系统公告')).toEqual({
      modelName: '旧系统公告',
      modelCode: 'legacy_notice',
      modelClass: 'LegacyNotice',
    });
    expect(modelNamesOf('archive.old_notice', null)).toEqual({
      modelName: 'old_notice',
      modelCode: 'archive_old_notice',
      modelClass: 'OldNotice',
    });
  });

  it('offer menu groups only as a generated menu’s parent', () => {
    const node = (id: string, children?: PickerNode[]): PickerNode => ({
      id,
      parentId: '0',
      title: id,
      key: id,
      value: id,
      ...(children ? { children } : {}),
    });
    const tree = [node('service', [node('repair'), node('patrol', [node('patrolplan')])]), node('wel')];
    expect(groupsOf(tree)).toEqual([{ ...node('service'), children: [node('patrol')] }]);
  });

  it('never show a data source’s password in the list, and check its address as the server does, in both languages', async () => {
    const columns = byIndex(columnsOf(datasourceEntity, 'zh'));
    expect(columns.get('password')).toMatchObject({ hideInTable: true, hideInDescriptions: true });
    const url = columns.get('url')!.formItemProps as { rules: ReturnType<typeof rulesOf> };
    expect(await refusal(url.rules, 'jdbc:postgresql://127.0.0.1:5432/property')).toBeUndefined();
    expect(await refusal(url.rules, 'postgres://user:secret@db/property')).toMatch(/^连接地址格式错误/);
    const english = byIndex(columnsOf(datasourceEntity, 'en')).get('url')!.formItemProps as { rules: ReturnType<typeof rulesOf> };
    expect(await refusal(english.rules, 'mysql://db/property')).toMatch(/^Wrong address/);
  });

  it('offer a column’s kind, search mode and control from their dictionaries, and the code record’s names checked', async () => {
    const columns = byIndex(columnsOf(modelPrototypeEntity, 'en'));
    // Each a picker of its dictionary, named in the console's language.
    for (const key of ['propertyKind', 'queryType', 'formControl'])
      expect(columns.get(key), key).toMatchObject({
        valueType: 'select',
        request: expect.any(Function),
        params: { locale: 'en' },
      });
    const code = byIndex(columnsOf(codeEntity, 'zh'));
    const rules = (key: string) => (code.get(key)!.formItemProps as { rules: ReturnType<typeof rulesOf> }).rules;
    expect(await refusal(rules('apiPath'), 'system-property/notice')).toBe('请输入以 / 开头的路径,如 /system-property/notice');
    expect(await refusal(rules('serviceName'), 'Demo_Notice')).toBe('只能包含小写字母、数字和短横线,以字母开头');
    expect(await refusal(rules('menuCode'), 'demonotice')).toBeUndefined();
  });
});
