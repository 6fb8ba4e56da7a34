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
    expect(checkInteger('')).toBe('请输入整数数字');
    expect(checkInteger(null)).toBe('请输入整数数字');
    for (const v of ['-1', '1.5', '1e3', 'abc', 1.5, -3]) expect(checkInteger(v)).toBe('请输入正确的整数数字!');
  });

  it('takes custom messages', () => {
    expect(checkInteger('', 'empty', 'bad')).toBe('empty');
    expect(checkInteger('x', 'empty', 'bad')).toBe('bad');
  });
});

describe('checkMoney', () => {
  it('accepts up to two decimal places', () => {
    for (const v of ['0', '12', '12.5', '12.50', 99.99]) expect(checkMoney(v)).toBeUndefined();
  });
  it('rejects the rest', () => {
    for (const v of ['', '-1', '1.234', '1.', '.5', 'abc', undefined]) {
      expect(checkMoney(v)).toBe('请输入正确的金额,最多两位小数');
    }
  });
});

describe('checkRatio', () => {
  it('accepts 0 to 1 inclusive', () => {
    for (const v of ['0', '1', '0.5', '1.00', 0.25, 1]) expect(checkRatio(v)).toBeUndefined();
  });
  it('rejects the rest', () => {
    for (const v of ['', '1.01', '2', '-0.1', 'abc', null]) expect(checkRatio(v)).toBe('请输入0到1之间的数值');
  });
});

describe('checkEmail and checkTenantId', () => {
  it('checks emails loosely', () => {
    expect(checkEmail('admin@example.com')).toBeUndefined();
    for (const v of ['', 'admin', 'admin@example', 'a b@example.com']) expect(checkEmail(v)).toBeDefined();
  });
  it('checks six-digit tenant ids', () => {
    expect(checkTenantId('000000')).toBeUndefined();
    for (const v of ['', '00000', '0000000', 'abcdef']) expect(checkTenantId(v)).toBe('租户ID格式错误');
  });
});

describe('VALIDATORS', () => {
  it('maps each name to its check', () => {
    expect(Object.keys(VALIDATORS).sort()).toEqual(['email', 'idCard', 'integer', 'money', 'phone', 'tenantId']);
    expect(VALIDATORS.idCard('11010519491231002X')).toBeUndefined();
    expect(VALIDATORS.phone('')).toBe('手机号码不能为空');
    expect(VALIDATORS.integer('x')).toBe('请输入正确的整数数字!');
    expect(VALIDATORS.money('1.234')).toBe('请输入正确的金额,最多两位小数');
    expect(VALIDATORS.email('nope')).toBe('邮箱格式不正确');
    expect(VALIDATORS.tenantId('12345')).toBe('租户ID格式错误');
  });
});
