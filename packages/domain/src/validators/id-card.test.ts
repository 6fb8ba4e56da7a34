import { describe, it, expect } from 'vitest';
import { checkIdCard, idCardCheckChar, isProvinceCode } from './id-card';

// Check characters worked out by hand from the GB 11643 weights, across several provinces.
const VALID = [
  '11010519491231002X', // Beijing, X check character
  '440524188001010014', // Guangdong
  '31010419900307123X', // Shanghai, X check character
  '510107198511202314', // Sichuan
  '650102197806153315', // Xinjiang
  '810000199912120008', // Hong Kong
  '230101197001010013', // Heilongjiang
  '530102199505050509', // Yunnan
];

describe('checkIdCard', () => {
  it.each(VALID)('accepts %s', (id) => {
    expect(checkIdCard(id)).toBeUndefined();
  });

  it('accepts a lower-case x check character and surrounding spaces', () => {
    expect(checkIdCard('11010519491231002x')).toBeUndefined();
    expect(checkIdCard(' 31010419900307123X ')).toBeUndefined();
  });

  it('reports empty values first', () => {
    for (const v of [undefined, null, '', '   ']) expect(checkIdCard(v)).toBe('证件号码不能为空');
  });

  it('reports the length before the format', () => {
    expect(checkIdCard('1101051949123100')).toBe('证件号码长度不为18位');
    expect(checkIdCard('11010519491231002X1')).toBe('证件号码长度不为18位');
    expect(checkIdCard('abc')).toBe('证件号码长度不为18位');
  });

  it('reports a bad shape', () => {
    expect(checkIdCard('1101051949123100XX')).toBe('证件号码格式错误');
    expect(checkIdCard('11010519491231002Y')).toBe('证件号码格式错误');
    expect(checkIdCard('A10105194912310028')).toBe('证件号码格式错误');
    expect(checkIdCard({})).toBe('证件号码长度不为18位');
  });

  it('reports an unknown province before the checksum', () => {
    expect(checkIdCard('00010519491231002X')).toBe('地址编码错误');
    expect(checkIdCard('16010519491231002X')).toBe('地址编码错误');
    expect(checkIdCard('72010519491231002X')).toBe('地址编码错误');
    expect(checkIdCard('99010519491231002X')).toBe('地址编码错误');
  });

  it('reports a wrong check character', () => {
    expect(checkIdCard('110105194912310021')).toBe('证件号码校验位错误');
    expect(checkIdCard('440524188001010015')).toBe('证件号码校验位错误');
    expect(checkIdCard('44052418800101001X')).toBe('证件号码校验位错误');
  });

  it('exposes the helpers', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect([11, 15, 23, 37, 46, 54, 65, 71, 81, 82, 91].every(isProvinceCode)).toBe(true);
    expect([10, 16, 20, 24, 38, 47, 55, 66, 72, 83, 90, 92].some(isProvinceCode)).toBe(false);
  });
});
