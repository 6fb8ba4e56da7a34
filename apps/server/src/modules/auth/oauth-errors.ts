import type { ErrorKey, MessageParams } from '@property/domain';

/**
 * Token endpoint failures answer { error, error_description } at the top
 * level, as OAuth clients read them, with the description in the call's language.
 */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: string,
    readonly description: ErrorKey,
    readonly params?: MessageParams,
  ) {
    super(description);
  }
}

export const OAUTH = {
  badClient: () => new OAuthError(401, 'invalid_client', 'badClient'),
  badGrant: () => new OAuthError(400, 'unsupported_grant_type', 'badGrant'),
  notYetSupported: () => new OAuthError(400, 'unsupported_grant_type', 'grantNotYetSupported'),
  missing: (name: string) => new OAuthError(400, 'invalid_request', 'missingParam', { name }),
  badCaptcha: () => new OAuthError(400, 'invalid_grant', 'captchaWrong'),
  badCredentials: () => new OAuthError(400, 'invalid_grant', 'badCredentials'),
  locked: () => new OAuthError(400, 'invalid_grant', 'tooManyFailures'),
  noTenant: () => new OAuthError(400, 'invalid_grant', 'tenantNotFound'),
  tenantExpired: () => new OAuthError(400, 'invalid_grant', 'tenantExpired'),
  noRole: () => new OAuthError(400, 'invalid_grant', 'noRole'),
  notApproved: () => new OAuthError(400, 'invalid_grant', 'accountNotApproved'),
  disabled: () => new OAuthError(400, 'invalid_grant', 'accountDisabled'),
  badRefresh: () => new OAuthError(400, 'invalid_grant', 'tokenRevoked'),
};
