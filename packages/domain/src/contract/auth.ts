/**
 * The sign-in call keeps the OAuth shapes clients of the spec read (§7.2):
 * the token object flat, or `{ error, error_description }`; and the session
 * calls around it.
 */
import { Nullable, NullableText, Obj, shared, Type, type Static } from './schema';

/** The grant types the token call knows; a client may use those its row lists. */
export const GRANT_TYPES = ['password', 'captcha', 'refresh_token', 'social', 'authorization_code'] as const;

const grantCommon = {
  tenantId: Type.Optional(Type.String({ description: 'tenant of the account (also the Tenant-Id header); default 000000' })),
  scope: Type.Optional(Type.String({ description: 'always "all"' })),
  type: Type.Optional(Type.String({ description: 'how the console signed in ("account"); not checked' })),
  deptId: Type.Optional(Type.String({ description: 'switch mode: the department to act in (also the Dept-Id header)' })),
  roleId: Type.Optional(Type.String({ description: 'switch mode: the role to act with (also the Role-Id header)' })),
};

/**
 * The token call's input, one alternative per grant type. The same names are
 * taken as query parameters (as the console sends them) or in a form or JSON
 * body.
 */
export const TokenRequest = shared(
  'TokenRequest',
  Type.Union(
    [
      Type.Object(
        {
          grant_type: Type.Union([Type.Literal('password'), Type.Literal('captcha')]),
          username: Type.String({ minLength: 1, description: 'the account' }),
          password: Type.String({
            minLength: 1,
            description: 'the hex MD5 of the typed password (plain text is accepted too)',
          }),
          ...grantCommon,
        },
        {
          title: 'Password grant',
          description:
            'Sign in with account and password. With captcha on (CAPTCHA_ENABLED), the Captcha-Key and Captcha-Code headers must carry a code from the captcha call; automated clients run with it off.',
        },
      ),
      Type.Object(
        {
          grant_type: Type.Literal('refresh_token'),
          refresh_token: Type.String({ minLength: 1, description: 'a refresh token from an earlier answer; works once' }),
          ...grantCommon,
        },
        { title: 'Refresh grant', description: 'A new token pair for a refresh token (which then stops working).' },
      ),
      Type.Object(
        { grant_type: Type.Union([Type.Literal('social'), Type.Literal('authorization_code')]), ...grantCommon },
        { title: 'Other grants', description: 'Not supported yet: answered 400 unsupported_grant_type.' },
      ),
    ],
    { discriminator: { propertyName: 'grant_type' } },
  ),
);

/** The token answer: the OAuth fields and who signed in. */
export const TokenAnswer = shared(
  'TokenAnswer',
  Obj(
    {
      access_token: Type.String({ description: 'send as `Blade-Auth: bearer <access_token>`' }),
      token_type: Type.String({ description: '"bearer"' }),
      refresh_token: Type.String(),
      expires_in: Type.Integer({ description: 'seconds the access token lasts' }),
      scope: Type.String(),
      jti: Type.String(),
      client_id: Type.String(),
      user_id: Type.String(),
      dept_id: Type.String(),
      post_id: Type.String(),
      role_id: Type.String({ description: 'comma-joined role ids' }),
      tenant_id: Type.String(),
      oauth_id: Type.String(),
      account: Type.String(),
      user_name: Type.String(),
      nick_name: Type.String(),
      real_name: Type.String(),
      role_name: Type.String({ description: 'comma-joined role aliases' }),
      avatar: Type.String(),
      detail: Obj({ type: Type.String() }),
      license: Type.String(),
    },
    'A signed-in session',
  ),
);

/** A refused token call. */
export const OAuthError = shared(
  'OAuthError',
  Obj(
    {
      error: Type.String({ description: 'invalid_client, invalid_request, invalid_grant or unsupported_grant_type' }),
      error_description: Type.String({ description: 'why, for people, in the caller’s language' }),
    },
    'A refused token call (OAuth)',
  ),
);

/** A captcha image and the key to send back with its code. */
export const CaptchaAnswer = Obj(
  {
    key: Type.String({ description: 'send back as the Captcha-Key header' }),
    image: Type.String({ description: 'the image as a data: URL' }),
    enabled: Type.Boolean({ description: 'whether sign-in checks captchas (false: the console hides it)' }),
  },
  'A captcha',
);

/** Logout and cache clearing answer the session flag the spec's client reads. */
export const SessionFlag = Obj({ success: Type.String({ description: '"true"' }), msg: Type.String() }, 'Done');

/** The signed-in user, as the console's header and profile read it. */
export const UserInfo = Nullable(
  Obj(
    {
      userId: Type.String(),
      tenantId: Type.String(),
      account: Type.String(),
      userName: NullableText(),
      realName: NullableText(),
      avatar: Type.String(),
      email: NullableText(),
      phone: NullableText(),
      roleId: NullableText('comma-joined role ids'),
      deptId: NullableText(),
      postId: NullableText(),
      roleName: Type.String({ description: 'comma-joined role aliases' }),
      permissions: Type.Array(Type.String(), { description: 'granted button codes' }),
    },
    'The signed-in user',
  ),
);

export type TokenAnswer = Static<typeof TokenAnswer>;
export type OAuthError = Static<typeof OAuthError>;
export type CaptchaAnswer = Static<typeof CaptchaAnswer>;
export type UserInfo = Static<typeof UserInfo>;
