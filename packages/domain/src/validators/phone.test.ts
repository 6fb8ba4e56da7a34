import { describe, it, expect } from 'vitest';
import { errorsZh } from '../messages/errors-zh';
import { checkMobile, checkPhone } from './phone';

const ANY_PHONE = 'contactPhoneInvalid';

describe('checkMobile (owners, family, lessees, residents, staff)', () => {
  it('accepts 11 digits starting with 1, as text or a number, spaces around ignored', () => {
    for (const v of ['13800138000', '10000000000', '19999999999', ' 13800138000 ', 13800138000]) {
      expect(checkMobile(v), String(v)).toBeUndefined();
    }
  });

  it('reports empty values first', () => {
    for (const v of [undefined, null, '', '   ']) expect(checkMobile(v)).toBe('phoneEmpty');
  });

  it('reports a length other than 11 before the format, landlines included', () => {
    for (const v of ['1380013800', '138001380001', '010-12345678', '075512345678', {}, ['13800138000'], true]) {
      expect(checkMobile(v), JSON.stringify(v)).toBe('phoneLength');
    }
  });

  it('reports 11 characters that are not a mobile: another first digit, letters, a dash or inner space', () => {
    for (const v of [
      '23800138000',
      '01012345678',
      '1380013800a',
      'a3800138000',
      '138-0013800',
      '138 0013800',
      '１３８００１３８０００',
    ]) {
      expect(checkMobile(v), v).toBe('phoneFormat');
    }
  });
});

describe('checkPhone (contact numbers of places: a garden, a club, stewards)', () => {
  it('accepts mobiles', () => {
    for (const v of ['13800138000', '19912345678', 13800138000, ' 13800138000 ']) expect(checkPhone(v)).toBeUndefined();
  });

  it('accepts landlines: a 3- or 4-digit area code from 0, an optional dash, 7 or 8 digits', () => {
    for (const v of [
      '010-1234567',
      '010-12345678',
      '0101234567',
      '01012345678',
      '0755-1234567',
      '0755-12345678',
      '07551234567',
      '075512345678',
    ]) {
      expect(checkPhone(v), v).toBeUndefined();
    }
  });

  it('says what it accepts when it refuses', () => {
    expect(errorsZh[ANY_PHONE]).toContain('11位手机号码');
    expect(errorsZh[ANY_PHONE]).toContain('座机号码');
    for (const v of ['abc', '12345', '1380013800', '138001380001', '23800138000', {}, ['13800138000']]) {
      expect(checkPhone(v), JSON.stringify(v)).toBe(ANY_PHONE);
    }
  });

  it('refuses landlines one digit short or long, without the leading 0, with two dashes', () => {
    for (const v of [
      '010-123456',
      '010-123456789',
      '0755-123456',
      '0755-123456789',
      '110-12345678',
      '01-12345678',
      '07555-1234567',
      '010--12345678',
    ]) {
      expect(checkPhone(v), v).toBe(ANY_PHONE);
    }
  });

  it('refuses trailing or leading junk on either kind', () => {
    for (const v of ['010-12345678abc', 'x010-12345678', '13800138000x', 'x13800138000', '010-12345678 1', '1 13800138000']) {
      expect(checkPhone(v), v).toBe(ANY_PHONE);
    }
  });

  it('reports an empty value with its own message', () => {
    for (const v of [undefined, null, '', ' ']) expect(checkPhone(v)).toBe('contactPhoneEmpty');
  });
});
