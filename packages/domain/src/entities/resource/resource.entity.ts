import { entity, int, sealedText, text } from '../../define';

/** Whether a storage or SMS configuration is the tenant's one in use (dictionary yes_no): set only by enable and disable. */
export const CONFIG_ENABLED = { yes: 1, no: 0 } as const;

/** The providers of the `oss` dictionary: MinIO is addressed by path, the clouds by bucket host name. */
export const OSS_CATEGORY = { minio: 1, qiniu: 2, aliyun: 3, tencent: 4 } as const;

/** The providers of the `sms` dictionary. */
export const SMS_CATEGORY = { yunpian: 1, qiniu: 2, aliyun: 3, tencent: 4 } as const;

/** What enable and disable set; never a submit's to change (a save would otherwise enable two at once). */
const enabledFlag = () => int({ dict: 'yes_no', default: CONFIG_ENABLED.no, readOnly: true, search: 'equal' });

/**
 * An object storage bucket (对象存储, spec §7.9 oss): MinIO, Qiniu Kodo, Aliyun
 * OSS or Tencent COS, all reached through their S3-compatible API (requests
 * signed with AWS Signature V4). The enabled one (at most one per tenant)
 * takes the tenant's new uploads; with none enabled they stay on the server's
 * own storage. The secret key is kept sealed to sign requests and never answered.
 */
export const ossEntity = entity({
  name: 'oss',
  table: 'blade_oss',
  base: '/blade-resource/oss',
  owner: 'tenant',
  permission: 'oss',
  routes: ['list', 'detail', 'submit', 'remove'],
  fields: {
    category: int({ required: 'ossCategoryRequired', dict: 'oss', search: 'equal' }),
    ossCode: text({ required: 'ossCodeRequired', maxLength: 50, search: 'like' }),
    /** scheme://host[:port] of the S3 API (https://oss-cn-hangzhou.aliyuncs.com, http://minio.lan:9000). */
    endpoint: text({ required: 'ossEndpointRequired', maxLength: 200 }),
    accessKey: text({ required: 'ossAccessKeyRequired', maxLength: 128 }),
    secretKey: sealedText({ required: 'ossSecretKeyRequired', maxLength: 256 }),
    bucketName: text({ required: 'ossBucketRequired', maxLength: 63, search: 'like' }),
    /** The region requests are signed for (us-east-1 when empty, MinIO's default). */
    region: text({ maxLength: 50 }),
    /** Tencent COS: the account's APPID, which its bucket names end with. */
    appId: text({ maxLength: 50 }),
    remark: text({ maxLength: 500 }),
    status: enabledFlag(),
  },
  unique: [{ fields: ['ossCode'], message: 'ossCodeTaken' }],
  sort: { descs: ['createTime'] },
});

/**
 * An SMS gateway account and template (短信配置, spec §7.9 sms). The product
 * reaches no gateway: messages sent through a configuration are recorded in
 * 短信记录 with the configuration and template they name (see the SMS
 * provider, modules/billing/sms.ts). The secret key is kept sealed and never answered.
 */
export const smsEntity = entity({
  name: 'sms',
  table: 'blade_sms',
  base: '/blade-resource/sms',
  owner: 'tenant',
  permission: 'sms',
  routes: ['list', 'detail', 'submit', 'remove'],
  fields: {
    category: int({ required: 'smsCategoryRequired', dict: 'sms', search: 'equal' }),
    smsCode: text({ required: 'smsCodeRequired', maxLength: 50, search: 'like' }),
    templateId: text({ required: 'smsTemplateRequired', maxLength: 100 }),
    accessKey: text({ required: 'smsAccessKeyRequired', maxLength: 128 }),
    secretKey: sealedText({ required: 'smsSecretKeyRequired', maxLength: 256 }),
    regionId: text({ maxLength: 50 }),
    signName: text({ required: 'smsSignNameRequired', maxLength: 50 }),
    remark: text({ maxLength: 500 }),
    status: enabledFlag(),
  },
  unique: [{ fields: ['smsCode'], message: 'smsCodeTaken' }],
  sort: { descs: ['createTime'] },
});
