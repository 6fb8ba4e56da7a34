import { entity, int, text } from '../../define';

export const clientEntity = entity({
  name: 'client',
  table: 'blade_client',
  base: '/blade-system/client',
  owner: 'platform',
  platformAdminOnly: true,
  permission: 'client',
  fields: {
    clientId: text({ required: 'clientIdRequired', search: 'like' }),
    /** Stored as its argon2id hash; never answered. */
    clientSecret: text({ required: 'clientSecretRequired', secret: true, maxLength: 256 }),
    resourceIds: text(),
    scope: text({ required: 'scopeRequired', default: 'all' }),
    /** Comma-joined: password, captcha, refresh_token, social, authorization_code. */
    authorizedGrantTypes: text({ required: 'grantTypesRequired' }),
    webServerRedirectUri: text(),
    authorities: text(),
    accessTokenValidity: int({ required: 'accessTokenValidityRequired', validator: 'integer' }),
    refreshTokenValidity: int({ required: 'refreshTokenValidityRequired', validator: 'integer' }),
    additionalInformation: text(),
    autoapprove: text(),
  },
  unique: [{ fields: ['clientId'], message: 'clientIdTaken' }],
  sort: { ascs: ['clientId'] },
});
