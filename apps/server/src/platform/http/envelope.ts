/** The envelope every answer but the token endpoint's travels in: { code, success, data, msg }. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T | null;
  msg: string;
}

export const MSG = {
  ok: '操作成功',
  failed: '操作失败',
  noData: '暂无承载数据',
  missingParam: '缺少必要的请求参数',
  badParamType: '请求参数类型错误',
  invalid: '参数校验失败',
  unauthorized: '请求未授权',
  noToken: '缺失令牌,鉴权失败',
  tokenRevoked: '令牌已失效',
  forbidden: '请求被拒绝',
  notFound: '404 没找到请求',
  methodNotAllowed: '不支持当前请求方法',
  unsupportedMedia: '不支持当前媒体类型',
  serverError: '服务器异常',
  noRecord: '数据不存在或已被删除',
} as const;

export function data<T>(value: T): Envelope<T> {
  const empty = value === null || value === undefined;
  return { code: 200, success: true, data: empty ? null : value, msg: empty ? MSG.noData : MSG.ok };
}

/** Answer of submit/remove style calls: a bare success flag. */
export function status(ok: boolean): Envelope<null> {
  return { code: ok ? 200 : 400, success: ok, data: null, msg: ok ? MSG.ok : MSG.failed };
}

export function failure(code: number, msg: string): Envelope<null> {
  return { code, success: false, data: null, msg };
}
