import {
  buildingEntity,
  carEntity,
  deptEntity,
  ossEntity,
  paramEntity,
  paymentOrderPrintEntity,
  postEntity,
  userEntity,
  type EntityDef,
} from '@property/domain';
import { describe, expect, it } from 'vitest';
import { validateBody } from './validate';

/** The message validateBody refuses with, or undefined when it accepts. */
const refusal = (entity: EntityDef, body: unknown, isNew = true) => {
  try {
    validateBody(entity, body, isNew);
  } catch (error) {
    expect((error as { code?: number }).code).toBe(400);
    return (error as Error).message;
  }
  return undefined;
};
const post = { category: 4, postCode: 'p', postName: 'n' };

describe('validateBody', () => {
  it('refuses a body that is not an object', () => {
    for (const body of [null, undefined, 'x', 1, [], [post]])
      expect(refusal(postEntity, body), String(body)).toBe('参数校验失败');
  });

  it('keeps a stored secret when an edit sends it empty, and asks for it when adding', () => {
    for (const empty of ['', '  ', null, undefined])
      expect(validateBody(ossEntity, { secretKey: empty, remark: 'r' }, false), String(empty)).toEqual({ remark: 'r' });
    expect(validateBody(ossEntity, { secretKey: 'typed' }, false)).toEqual({ secret_key: 'typed' });
    expect(refusal(ossEntity, { category: 1, ossCode: 'c', endpoint: 'http://x', accessKey: 'a', bucketName: 'b' })).toBe(
      '请输入SecretKey',
    );
  });

  it('answers the columns of the fields sent, typed, server-owned fields left out', () => {
    const body = { ...post, sort: '7', remark: ' r ', id: '5', tenantId: '100001', createUser: '1', isDeleted: 1, unknown: 'x' };
    expect(validateBody(postEntity, body, false)).toEqual({
      category: 4,
      post_code: 'p',
      post_name: 'n',
      sort: 7,
      remark: ' r ',
    });
  });

  it('asks for required fields in field order on insert: missing, empty, blank or null', () => {
    expect(refusal(postEntity, {})).toBe('请选择岗位类型');
    expect(refusal(postEntity, { category: 4 })).toBe('请输入岗位编号');
    for (const postCode of ['', '  ', null]) expect(refusal(postEntity, { ...post, postCode })).toBe('请输入岗位编号');
    expect(refusal(postEntity, post)).toBeUndefined();
  });

  it('on update asks only for required fields that are sent empty', () => {
    expect(validateBody(postEntity, { remark: 'r' }, false)).toEqual({ remark: 'r' });
    expect(refusal(postEntity, { postName: '' }, false)).toBe('请输入岗位名称');
    expect(refusal(postEntity, { postName: null }, false)).toBe('请输入岗位名称');
  });

  it('fills a default on insert when the value is missing or empty, never on update, and keeps a value sent', () => {
    expect(validateBody(postEntity, post, true)).toMatchObject({ status: 1 });
    expect(validateBody(postEntity, { ...post, status: '' }, true)).toMatchObject({ status: 1 });
    expect(validateBody(postEntity, { ...post, status: 0 }, true)).toMatchObject({ status: 0 });
    expect(validateBody(postEntity, { remark: 'r' }, false)).not.toHaveProperty('status');
    expect(validateBody(postEntity, { status: '' }, false)).toEqual({ status: null });
    expect(validateBody(deptEntity, { deptName: 'd', fullName: 'f', deptCategory: 1, sort: 1 }, true)).toMatchObject({
      parent_id: '0',
    });
  });

  it('clears an optional field sent empty, blank or null; leaves out one not sent', () => {
    expect(validateBody(postEntity, { remark: '' }, false)).toEqual({ remark: null });
    expect(validateBody(postEntity, { remark: '   ', sort: null }, false)).toEqual({ remark: null, sort: null });
    expect(validateBody(postEntity, { ...post, remark: '' }, true)).toMatchObject({ remark: null });
    expect(validateBody(postEntity, post, true)).not.toHaveProperty('remark');
  });

  it('refuses a value of the wrong type, naming the field or with its own message', () => {
    expect(refusal(postEntity, { ...post, category: 'four' })).toBe('请求参数类型错误: category');
    expect(refusal(postEntity, { ...post, postCode: { a: 1 } })).toBe('请求参数类型错误: postCode');
    expect(refusal(buildingEntity, { gardenId: '1', buildingName: 'b', floorCount: 'x' })).toBe('楼层数请输入正确的整数数字');
  });

  it("runs the field's validator on the typed value, the field's own message first", () => {
    const user = { account: 'a', realName: 'n', roleId: '1', deptId: '1' };
    expect(refusal(userEntity, { ...user, email: 'nope' })).toBe('邮箱格式不正确');
    expect(refusal(userEntity, { ...user, email: 'a@b.cn' })).toBeUndefined();
    expect(refusal(userEntity, { ...user, phone: '010-12345678' })).toBe('手机号码长度不为11位');
    expect(refusal(deptEntity, { deptName: 'd', fullName: 'f', deptCategory: 1, sort: -1 })).toBe('请输入正确的整数数字!');
    expect(refusal(buildingEntity, { gardenId: '1', buildingName: 'b', floorCount: -2 })).toBe('楼层数请输入正确的整数数字');
    expect(refusal(buildingEntity, { gardenId: '1', buildingName: 'b', floorCount: 2 })).toBeUndefined();
  });

  it("accepts only a field's choices, refusing others with the field's own message or naming the field", () => {
    const car = (carArea: string) => ({ ownerId: '1', carArea, carCity: 'A', carNumber: '12345' });
    expect(refusal(carEntity, car('京'))).toBeUndefined();
    expect(refusal(carEntity, car('X'))).toBe('车牌省份简称不正确');
    const print = (paperSize: string) => ({ orderId: '1', paperSize });
    expect(validateBody(paymentOrderPrintEntity, print('A4'), true)).toMatchObject({ paper_size: 'A4' });
    expect(refusal(paymentOrderPrintEntity, print('A3'))).toBe('请求参数类型错误: paperSize');
  });

  it('limits text to the field maxLength, else to 200,000 characters; numbers are not text', () => {
    const dept = (deptName: string) => ({ deptName, fullName: 'f', deptCategory: 1, sort: 1 });
    expect(refusal(deptEntity, dept('d'.repeat(45)))).toBeUndefined();
    expect(refusal(deptEntity, dept('d'.repeat(46)))).toBe('deptName 长度不能超过 45');
    const param = (paramValue: string) => ({ paramName: 'n', paramKey: 'k', paramValue });
    expect(refusal(paramEntity, param('v'.repeat(200_000)))).toBeUndefined();
    expect(refusal(paramEntity, param('v'.repeat(200_001)))).toBe('paramValue 长度不能超过 200000');
    expect(refusal(postEntity, { ...post, sort: 123456789 })).toBeUndefined();
  });
});
