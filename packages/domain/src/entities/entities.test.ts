import { describe, expect, it } from 'vitest';
import { allFields, type EntityDef } from '../define';
import { isErrorKey } from '../messages/index';
import { ENTITIES, FORMS } from './index';

const duplicates = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
const fieldsOf = (def: EntityDef) => Object.entries(def.fields);

describe('entity definitions', () => {
  it('has unique names and tables', () => {
    expect(duplicates(ENTITIES.map((e) => e.name))).toEqual([]);
    expect(duplicates(ENTITIES.map((e) => e.table))).toEqual([]);
  });

  it('has a base path starting with / and labels in both languages', () => {
    for (const def of ENTITIES) {
      expect(def.base, def.name).toMatch(/^\/[a-z]/);
      expect(def.label.zh, def.name).not.toBe('');
      expect(def.label.en, def.name).not.toBe('');
      expect(def.permission, def.name).not.toBe('');
    }
  });

  it('gives every required field, validator override and unique rule a message key (words live in messages/)', () => {
    for (const def of [...ENTITIES, ...FORMS]) {
      for (const [key, field] of fieldsOf(def)) {
        if ('required' in field) expect(isErrorKey(field.required), `${def.name}.${key} required`).toBe(true);
        if ('invalid' in field) expect(isErrorKey(field.invalid), `${def.name}.${key} invalid`).toBe(true);
      }
      for (const rule of def.unique ?? []) expect(isErrorKey(rule.message), `${def.name} unique`).toBe(true);
    }
  });

  it('codes dictionary fields as int or text', () => {
    for (const def of ENTITIES) {
      for (const [key, field] of fieldsOf(def)) {
        if (field.dict !== undefined) expect(['int', 'text'], `${def.name}.${key}`).toContain(field.kind);
      }
    }
  });

  it('refers in tree, unique and sort only to fields the rows have', () => {
    for (const def of ENTITIES) {
      const keys = Object.keys(allFields(def));
      const referred = [
        ...(def.tree ? [def.tree.parent, def.tree.title] : []),
        ...(def.unique ?? []).flatMap((u) => u.fields),
        ...(def.indexes ?? []).flat(),
        ...(def.sort?.ascs ?? []),
        ...(def.sort?.descs ?? []),
      ];
      for (const key of referred) expect(keys, `${def.name} → ${key}`).toContain(key);
    }
  });

  it('shares one field list between the two dictionaries', () => {
    const [dict, dictBiz] = ['dict', 'dictBiz'].map((n) => ENTITIES.find((e) => e.name === n)!);
    expect(JSON.stringify(dictBiz.fields)).toBe(JSON.stringify(dict.fields));
    expect(dict.owner).toBe('platform');
    expect(dictBiz.owner).toBe('tenant');
  });
});
