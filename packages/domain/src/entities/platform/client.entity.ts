import { entity, int, text } from '../../define';

export const clientEntity = entity({
  name: 'client',
  table: 'blade_client',
  base: '/blade-system/client',
  owner: 'platform',
  platformAdminOnly: true,
  label: { zh: '应用', en: 'OAuth client' },
  permission: 'client',
  fields: {
    clientId: text({ required: '请输入客户端id', search: 'like' }),
    clientSecret: text({ required: '请输入客户端密钥' }),
    resourceIds: text(),
    scope: text({ required: '请输入授权范围', default: 'all' }),
    /** Comma-joined: password, captcha, refresh_token, social, authorization_code. */
    authorizedGrantTypes: text({ required: '请输入授权类型' }),
    webServerRedirectUri: text(),
    authorities: text(),
    accessTokenValidity: int({ required: '请输入令牌过期秒数', validator: 'integer' }),
    refreshTokenValidity: int({ required: '请输入刷新令牌过期秒数', validator: 'integer' }),
    additionalInformation: text(),
    autoapprove: text(),
  },
  unique: [{ fields: ['clientId'], message: '客户端id已存在' }],
  sort: { ascs: ['clientId'] },
});
