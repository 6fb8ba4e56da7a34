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
    for (const v of [undefined, null, '', '   ']) expect(checkIdCard(v)).toBe('idCardEmpty');
  });

  it('reports the length before the format', () => {
    expect(checkIdCard('1101051949123100')).toBe('idCardLength');
    expect(checkIdCard('11010519491231002X1')).toBe('idCardLength');
    expect(checkIdCard('abc')).toBe('idCardLength');
  });

  it('reports a bad shape', () => {
    expect(checkIdCard('1101051949123100XX')).toBe('idCardFormat');
    expect(checkIdCard('11010519491231002Y')).toBe('idCardFormat');
    expect(checkIdCard('A10105194912310028')).toBe('idCardFormat');
    expect(checkIdCard({})).toBe('idCardLength');
  });

  it('reports an unknown province before the checksum', () => {
    expect(checkIdCard('00010519491231002X')).toBe('idCardRegion');
    expect(checkIdCard('16010519491231002X')).toBe('idCardRegion');
    expect(checkIdCard('72010519491231002X')).toBe('idCardRegion');
    expect(checkIdCard('99010519491231002X')).toBe('idCardRegion');
  });

  // One number per check character (weighted sum mod 11 = 0 … 10), worked out by hand from the weights.
  const BY_CHECK_CHAR: Array<[string, string]> = [
    ['1', '110101199003070011'],
    ['0', '110101199003070070'],
    ['X', '11010119900307002X'],
    ['9', '110101199003070089'],
    ['8', '110101199003070038'],
    ['7', '110101199003070097'],
    ['6', '110101199003070046'],
    ['5', '110101199003070185'],
    ['4', '110101199003070054'],
    ['3', '110101199003070003'],
    ['2', '110101199003070062'],
  ];

  it.each(BY_CHECK_CHAR)('accepts check character %s and refuses every other one in its place', (check, id) => {
    expect(checkIdCard(id)).toBeUndefined();
    expect(idCardCheckChar(id.slice(0, 17))).toBe(check);
    for (const other of '0123456789X'.replace(check, '')) {
      expect(checkIdCard(id.slice(0, 17) + other), other).toBe('idCardChecksum');
    }
  });

  it('refuses trailing or leading junk and inner spaces by length or shape', () => {
    expect(checkIdCard('11010519491231002X1')).toBe('idCardLength');
    expect(checkIdCard('11010519491231002 X')).toBe('idCardLength');
    expect(checkIdCard('1101051949123100 X')).toBe('idCardFormat');
    expect(checkIdCard('11010519491231002X'.split(''))).toBe('idCardLength');
  });

  it('reports a wrong check character', () => {
    expect(checkIdCard('110105194912310021')).toBe('idCardChecksum');
    expect(checkIdCard('440524188001010015')).toBe('idCardChecksum');
    expect(checkIdCard('44052418800101001X')).toBe('idCardChecksum');
  });

  it('exposes the helpers', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    // Both ends of every range, and the codes just outside them.
    const inside = [11, 15, 21, 23, 31, 37, 41, 46, 50, 54, 61, 65, 71, 81, 82, 91];
    const outside = [0, 10, 16, 20, 24, 30, 38, 40, 47, 49, 55, 60, 66, 70, 72, 80, 83, 90, 92, 99];
    for (const code of inside) expect(isProvinceCode(code), String(code)).toBe(true);
    for (const code of outside) expect(isProvinceCode(code), String(code)).toBe(false);
  });
});
