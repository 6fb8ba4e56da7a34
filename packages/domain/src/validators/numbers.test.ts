import { describe, it, expect } from 'vitest';
import { checkEmail, checkInteger, checkMoney, checkRatio, checkTenantId } from './numbers';
import { VALIDATORS } from './index';

describe('checkInteger', () => {
  it('accepts digits only', () => {
    expect(checkInteger('0')).toBeUndefined();
    expect(checkInteger('0012')).toBeUndefined();
    expect(checkInteger(42)).toBeUndefined();
  });

  it('uses the spec messages by default', () => {
    expect(checkInteger('')).toBe('integerEmpty');
    expect(checkInteger(null)).toBe('integerEmpty');
    for (const v of ['-1', '1.5', '1e3', 'abc', 1.5, -3]) expect(checkInteger(v)).toBe('integerInvalid');
  });

  it('takes numbers and big integers, never other values or non-finite numbers', () => {
    expect(checkInteger(12n)).toBeUndefined();
    expect(checkInteger(0)).toBeUndefined();
    for (const v of [['12'], { toString: () => '12' }, true, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkInteger(v), String(v)).toBe('integerInvalid');
    }
  });

  it('refuses leading or trailing junk', () => {
    for (const v of ['12a', 'a12', '1 2', '12\n3']) expect(checkInteger(v), v).toBe('integerInvalid');
  });

  it('takes custom messages', () => {
    expect(checkInteger('', 'floorRequired', 'floorInvalid')).toBe('floorRequired');
    expect(checkInteger('x', 'floorRequired', 'floorInvalid')).toBe('floorInvalid');
  });
});

describe('checkMoney', () => {
  it('accepts up to two decimal places', () => {
    for (const v of ['0', '12', '12.5', '12.50', 99.99]) expect(checkMoney(v)).toBeUndefined();
  });
  it('rejects the rest', () => {
    for (const v of ['', '-1', '1.234', '1.', '.5', 'abc', undefined, '12.5x', 'x12.5', '1,000', ['12'], Number.NaN]) {
      expect(checkMoney(v)).toBe('moneyInvalid');
    }
  });
});

describe('checkRatio', () => {
  it('accepts 0 to 1 inclusive', () => {
    for (const v of ['0', '1', '0.5', '1.00', '0.9999', '0.0', 0.25, 1, 0]) expect(checkRatio(v), String(v)).toBeUndefined();
  });
  it('rejects the rest: past 1, negative, leading zeros, junk', () => {
    for (const v of ['', '1.01', '1.0001', '2', '10', '-0.1', '01', '00.5', '.5', '1.', '0.5x', 'x0.5', 'abc', null, [1], 1.5]) {
      expect(checkRatio(v), String(v)).toBe('ratioInvalid');
    }
  });
});

describe('checkEmail and checkTenantId', () => {
  it('checks emails loosely', () => {
    expect(checkEmail('admin@example.com')).toBeUndefined();
    expect(checkEmail(' admin@example.com ')).toBeUndefined();
    for (const v of [
      '',
      'admin',
      'admin@example',
      'a b@example.com',
      'admin@example.com x',
      'x admin@example.com',
      'a@b@example.com',
      'admin@.com',
      '@example.com',
      'admin@example.',
      null,
    ]) {
      expect(checkEmail(v), String(v)).toBe('emailInvalid');
    }
  });
  it('checks six-digit tenant ids', () => {
    expect(checkTenantId('000000')).toBeUndefined();
    expect(checkTenantId(100001)).toBeUndefined();
    for (const v of ['', '00000', '0000000', 'abcdef', '10000a', 'a10000', '100001 1', null]) {
      expect(checkTenantId(v), String(v)).toBe('tenantIdInvalid');
    }
  });
});

describe('VALIDATORS', () => {
  it('maps each name to its check', () => {
    expect(Object.keys(VALIDATORS).sort()).toEqual([
      'camelName',
      'codeName',
      'databaseUrl',
      'email',
      'folderName',
      'idCard',
      'integer',
      'mobile',
      'money',
      'pascalName',
      'phone',
      'sqlName',
      'temperature',
      'tenantId',
      'urlPath',
    ]);
    expect(VALIDATORS.idCard('11010519491231002X')).toBeUndefined();
    expect(VALIDATORS.mobile('')).toBe('phoneEmpty');
    expect(VALIDATORS.mobile('010-12345678')).toBe('phoneLength');
    expect(VALIDATORS.phone('010-12345678')).toBeUndefined();
    expect(VALIDATORS.phone('abc')).toBe('contactPhoneInvalid');
    expect(VALIDATORS.integer('x')).toBe('integerInvalid');
    expect(VALIDATORS.money('1.234')).toBe('moneyInvalid');
    expect(VALIDATORS.email('nope')).toBe('emailInvalid');
    expect(VALIDATORS.tenantId('12345')).toBe('tenantIdInvalid');
    // The development tools' names, each with its own message.
    expect(VALIDATORS.databaseUrl('mysql://h/d')).toBe('databaseUrlInvalid');
    expect(VALIDATORS.sqlName('A')).toBe('sqlNameInvalid');
    expect(VALIDATORS.camelName('A')).toBe('camelNameInvalid');
    expect(VALIDATORS.pascalName('a')).toBe('pascalNameInvalid');
    expect(VALIDATORS.codeName('A')).toBe('codeNameInvalid');
    expect(VALIDATORS.folderName('A')).toBe('folderNameInvalid');
    expect(VALIDATORS.urlPath('a')).toBe('urlPathInvalid');
    for (const name of ['databaseUrl', 'sqlName', 'camelName', 'pascalName', 'codeName', 'folderName', 'urlPath'] as const)
      expect(VALIDATORS[name](null), name).toBeDefined();
  });
});
