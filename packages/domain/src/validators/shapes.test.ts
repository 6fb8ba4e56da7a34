import { describe, expect, it } from 'vitest';
import { VALIDATOR_SHAPES, VALIDATORS, type ValidatorName } from './index';

/**
 * VALIDATOR_SHAPES is what the OpenAPI document publishes for each named check
 * (a pattern made of `shapes`, `minimum: 0` for `nonNegative`): it must agree
 * with VALIDATORS. Each accepted value passes the check and matches a shape
 * (its text trimmed, as the published pattern allows spaces around); each value
 * of the wrong shape fails the check and matches no shape. The notes are text
 * for people, not rules, and are not tested here.
 */
const CASES: Record<ValidatorName, { accepted: unknown[]; wrongShape: unknown[] }> = {
  idCard: {
    accepted: ['11010519491231002X', '11010519491231002x', '440524188001010014', ' 510107198511202314 '],
    // Wrong in format only: the province and the check character are the server's (below).
    wrongShape: [
      '',
      '11010519491231002',
      '1101051949123100201',
      '1101051949123100X2',
      'X10105194912310021',
      '11010519491231002Y',
      '110105 19491231002',
      '11010519491231002X0',
    ],
  },
  mobile: {
    accepted: ['13800138000', '19999999999', ' 13800138000 ', 13800138000],
    wrongShape: [
      '',
      '23800138000',
      '1380013800',
      '138001380001',
      '010-12345678',
      '0755-1234567',
      '+8613800138000',
      '1380013800a',
    ],
  },
  phone: {
    accepted: ['13800138000', ' 13800138000 ', '010-12345678', '0755-1234567', '01012345678', '075512345678', ' 010-1234567 '],
    wrongShape: [
      '',
      '23800138000',
      '1380013800',
      '138001380001',
      '10-12345678',
      '010-123456',
      '010-123456789',
      '010--12345678',
      '0-12345678',
      '07555-1234567',
      '+8613800138000',
    ],
  },
  integer: {
    accepted: ['0', '42', '007', ' 7 ', 42, 0],
    wrongShape: ['', '-1', '+1', '1.5', '1e3', 'abc', '1 2', -1, 1.5],
  },
  money: {
    accepted: ['0', '12', '12.3', '12.34', ' 5.5 ', 12.5, 0],
    wrongShape: ['', '-1', '-0.01', '12.345', '.5', '12.', '1,000', 'abc', -1, 12.345],
  },
  email: {
    accepted: ['a@b.co', ' user.name+tag@example.com '],
    wrongShape: ['', 'a@b', 'ab.co', 'a b@c.d', 'a@@b.c', '@b.co', 'a@.'],
  },
  tenantId: {
    accepted: ['000000', '123456', ' 654321 '],
    wrongShape: ['', '12345', '1234567', 'abcdef', '12 456', '-12345'],
  },
  temperature: {
    accepted: ['36.5', '37', ' 38.2 ', 36.5, 40],
    // Well formed but out of range (33.9, 43.1) is the check's alone: see temperature.test.ts.
    wrongShape: ['', '36.55', '365', '3.6', '-36.5', '36.', '.5', 'abc', 36.55],
  },
  databaseUrl: {
    accepted: [
      'jdbc:postgresql://127.0.0.1:5432/property',
      'postgres://db.example.com/property',
      'postgresql://[::1]:5433/test?sslmode=require',
      'jdbc:postgresql://db:5432/p?currentSchema=app&ssl=true',
      ' postgres://h/d ',
      'postgres://h',
    ],
    wrongShape: [
      '',
      'mysql://h:3306/d',
      'jdbc:mysql://h/d',
      'postgres://user:secret@h/d',
      'postgres://user@h/d',
      'postgres://h/d?password=x',
      'postgres://h/d?sslmode=require&password=x',
      'jdbc:postgresql://h/d?user=a&password=b',
      'postgres:///d',
      'postgres://h/d e',
      'http://h/d',
      'JDBC:POSTGRESQL://h/d',
      // Only at the start: a scheme with something before it is another scheme.
      'xpostgres://h/d',
      'mysql:jdbc:postgresql://h/d',
    ],
  },
  sqlName: {
    accepted: ['property_club', '_t1', 'public.property_club', 'a'],
    wrongShape: ['', '1table', 'Property', 'a-b', 'a.b.c', 'a b', '"quoted"', 'public.', '.t'],
  },
  camelName: {
    accepted: ['gardenName', 'a', 'houseId2', ' title '],
    wrongShape: ['', 'GardenName', 'garden_name', '2nd', 'garden-name', 'a b'],
  },
  pascalName: {
    accepted: ['GardenNotice', 'A', 'Notice2'],
    wrongShape: ['', 'gardenNotice', 'Garden_Notice', '2Notice', 'Garden Notice'],
  },
  codeName: {
    accepted: ['notice', 'demo_notice', 'a1'],
    wrongShape: ['', 'Notice', '_notice', '1notice', 'demo-notice', 'demo notice'],
  },
  folderName: {
    accepted: ['notice', 'demo-notice', 'a1'],
    wrongShape: ['', 'Notice', '-notice', 'demo_notice', 'demo/notice', '../x'],
  },
  urlPath: {
    accepted: ['/system-property/notice', '/a', '/blade-develop/model-prototype', '/x_y/Z9'],
    wrongShape: ['', 'system/notice', '/', '/a/', '//a', '/a b', '/a/../b', '/-a', 'https://x/y'],
  },
};

const NAMES = Object.keys(VALIDATORS) as ValidatorName[];
const matchesAShape = (name: ValidatorName, value: unknown) =>
  VALIDATOR_SHAPES[name].shapes.some((shape) => shape.test(String(value).trim()));

describe('VALIDATOR_SHAPES (what the API document publishes) agrees with VALIDATORS', () => {
  it('describes every validator, and only those', () => {
    expect(Object.keys(VALIDATOR_SHAPES).sort()).toEqual([...NAMES].sort());
    expect(Object.keys(CASES).sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES)('%s has at least one shape', (name) => {
    expect(VALIDATOR_SHAPES[name].shapes.length).toBeGreaterThan(0);
    for (const shape of VALIDATOR_SHAPES[name].shapes) expect(shape).toBeInstanceOf(RegExp);
  });

  it.each(NAMES)('%s: every accepted value passes the check and matches a shape', (name) => {
    for (const value of CASES[name].accepted) {
      expect(VALIDATORS[name](value), `${name} check ${JSON.stringify(value)}`).toBeUndefined();
      expect(matchesAShape(name, value), `${name} shapes ${JSON.stringify(value)}`).toBe(true);
    }
  });

  it.each(NAMES)('%s: every value of the wrong shape fails the check and matches no shape', (name) => {
    for (const value of CASES[name].wrongShape) {
      expect(VALIDATORS[name](value), `${name} check ${JSON.stringify(value)}`).toBeDefined();
      expect(matchesAShape(name, value), `${name} shapes ${JSON.stringify(value)}`).toBe(false);
    }
  });

  it('phone takes both a mobile and a landline; mobile a mobile only', () => {
    const shapesMatching = (name: ValidatorName, value: string) =>
      VALIDATOR_SHAPES[name].shapes.filter((shape) => shape.test(value)).length;
    expect(shapesMatching('phone', '13800138000')).toBe(1);
    expect(shapesMatching('phone', '010-12345678')).toBe(1);
    expect(shapesMatching('mobile', '13800138000')).toBe(1);
    expect(shapesMatching('mobile', '010-12345678')).toBe(0);
  });

  it('identity numbers: the shape is the format only; province and check character are the server’s', () => {
    // Well formed, refused by the check: an unknown province (16), a wrong check character.
    for (const value of ['16010519491231002X', '110105194912310021']) {
      expect(VALIDATORS.idCard(value), value).toBeDefined();
      expect(matchesAShape('idCard', value), value).toBe(true);
    }
  });

  it('nonNegative (minimum: 0) exactly for the checks that refuse negatives: integer and money', () => {
    const nonNegative = NAMES.filter((name) => VALIDATOR_SHAPES[name].nonNegative === true);
    expect(nonNegative.sort()).toEqual(['integer', 'money']);
    for (const name of NAMES)
      if (!nonNegative.includes(name)) expect(VALIDATOR_SHAPES[name].nonNegative ?? false, name).toBe(false);
    for (const name of ['integer', 'money'] as const) {
      expect(VALIDATORS[name]('0'), name).toBeUndefined();
      expect(VALIDATORS[name](0), name).toBeUndefined();
      expect(VALIDATORS[name]('-1'), name).toBeDefined();
      expect(VALIDATORS[name](-1), name).toBeDefined();
      expect(matchesAShape(name, '-1'), name).toBe(false);
    }
  });
});
