import { describe, it, expect } from 'vitest';
import { checkMobile, checkPhone } from './phone';

describe('checkPhone', () => {
  it('accepts mobiles', () => {
    expect(checkPhone('13800138000')).toBeUndefined();
    expect(checkPhone('19912345678')).toBeUndefined();
    expect(checkPhone(13800138000)).toBeUndefined();
  });

  it('accepts landlines with and without a dash', () => {
    for (const v of ['010-12345678', '01012345678', '0755-1234567', '075512345678', '021-8765432']) {
      expect(checkPhone(v)).toBeUndefined();
    }
  });

  it('reports empty values', () => {
    for (const v of [undefined, null, '', ' ']) expect(checkPhone(v)).toBe('手机号码不能为空');
  });

  it('reports the length', () => {
    expect(checkPhone('1380013800')).toBe('手机号码长度不为11位');
    expect(checkPhone('138001380001')).toBe('手机号码长度不为11位');
    expect(checkPhone('010-123')).toBe('手机号码长度不为11位');
  });

  it('reports the format', () => {
    expect(checkPhone('23800138000')).toBe('手机号码格式不正确');
    expect(checkPhone('1380013800a')).toBe('手机号码格式不正确');
    expect(checkPhone('138-0013800')).toBe('手机号码格式不正确');
  });
});

describe('checkMobile', () => {
  it('accepts mobiles only', () => {
    expect(checkMobile('13800138000')).toBeUndefined();
    expect(checkMobile('01012345678')).toBe('手机号码格式不正确');
    expect(checkMobile('010-12345678')).toBe('手机号码长度不为11位');
    expect(checkMobile('')).toBe('手机号码不能为空');
  });
});
