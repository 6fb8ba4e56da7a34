/**
 * Token endpoint failures answer { error, error_description } at the top
 * level, as OAuth clients read them, with the user's language in the description.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const OAUTH = {
  badClient: () => new OAuthError(401, 'invalid_client', '客户端认证失败'),
  badGrant: () => new OAuthError(400, 'unsupported_grant_type', '不支持的授权类型'),
  notYetSupported: () => new OAuthError(400, 'unsupported_grant_type', '暂不支持该登录方式,请使用账号密码登录'),
  missing: (name: string) => new OAuthError(400, 'invalid_request', `缺少必要的请求参数: ${name}`),
  badCaptcha: () => new OAuthError(400, 'invalid_grant', '验证码不正确'),
  badCredentials: () => new OAuthError(400, 'invalid_grant', '用户名或密码错误'),
  locked: () => new OAuthError(400, 'invalid_grant', '登录错误次数过多,请稍后再试'),
  noTenant: () => new OAuthError(400, 'invalid_grant', '租户ID未找到'),
  tenantExpired: () => new OAuthError(400, 'invalid_grant', '租户授权已过期,请联系管理员'),
  noRole: () => new OAuthError(400, 'invalid_grant', '未获得用户的角色信息'),
  notApproved: () => new OAuthError(400, 'invalid_grant', '账号尚未审核通过,请联系管理员'),
  disabled: () => new OAuthError(400, 'invalid_grant', '账号已被停用,请联系管理员'),
  badRefresh: () => new OAuthError(400, 'invalid_grant', '令牌已失效'),
};
