import type { resourceEntitiesZh, resourceErrorsZh, resourceFieldsZh, resourceScreensZh } from './resource-zh';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** The resource screens' words in English, same keys as resource-zh.ts. */
export const resourceErrorsEn: Shape<typeof resourceErrorsZh> = {
  ossCategoryRequired: 'Choose the storage provider',
  ossCodeRequired: 'Enter the code',
  ossCodeTaken: 'This code is already taken',
  ossEndpointRequired: 'Enter the endpoint',
  ossEndpointInvalid:
    'The endpoint is the service address starting with http:// or https:// (such as http://127.0.0.1:9000), without a path or parameters',
  ossAccessKeyRequired: 'Enter the access key',
  ossSecretKeyRequired: 'Enter the secret key',
  ossBucketRequired: 'Enter the bucket',
  ossBucketInvalid:
    'A bucket name is 3 to 63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit',
  ossHoldsFiles:
    'The bucket of this configuration holds {{count}} files: its provider, bucket and appId cannot change. Add another configuration instead',
  ossInUse: 'The bucket of "{{code}}" holds {{count}} files: it cannot be removed',
  ossUnreachable: 'Cannot reach the object storage at {{endpoint}}: {{reason}}',
  ossEndpointInternal:
    'The object storage address {{endpoint}} leads to this server or an internal network, which this system does not connect to: give the storage service’s public address',
  ossAccessDenied:
    'The object storage refused the request ({{code}}): check the access key and secret key, and that the account may read and write the bucket {{bucket}}',
  ossNoBucket: 'The object storage has no bucket {{bucket}}: create it with the provider first',
  ossFailed: 'The object storage request failed (HTTP {{status}} {{code}})',
  smsCategoryRequired: 'Choose the SMS provider',
  smsCodeRequired: 'Enter the code',
  smsCodeTaken: 'This code is already taken',
  smsTemplateRequired: 'Enter the template ID',
  smsAccessKeyRequired: 'Enter the access key',
  smsSecretKeyRequired: 'Enter the secret key',
  smsSignNameRequired: 'Enter the signature',
  smsConfigMissing: 'There is no SMS configuration with the code {{code}}',
  smsNoEnabledConfig: 'No SMS configuration is enabled: name one by its code or enable one first',
  smsPhonesRequired: 'Enter the mobile numbers',
  smsPhoneInvalid: 'Not a mobile number: {{phone}}',
  smsTooManyPhones: 'At most {{max}} mobile numbers at a time',
  smsParamsInvalid: 'The template parameters are a JSON object of texts or numbers, such as {"code":"1234"}',
  smsTemplateMessage: '[{{sign}}] template {{template}}, parameters {{params}}',
  attachNameRequired: 'Enter the file name',
  attachAddByUpload: 'Attachments are added by uploading them',
  attachInUse: 'The file "{{name}}" is in use ({{uses}}): it cannot be removed',
  attachOwnerDocument: 'The file "{{name}}" is an owner’s document: remove it from the owner’s documents',
  fileUseUserAvatar: 'a user’s avatar',
  fileUseResidentAvatar: 'a resident’s avatar',
  fileUseTenantBackground: 'a tenant’s background',
  fileUseNotice: 'a notice',
  fileUseActivity: 'a community activity',
  fileUseClub: 'a club introduction',
  fileUseClubProduct: 'a product image',
  fileUseRepair: 'a repair request’s photos',
  fileUseRepairImage: 'a repair photo',
  fileUsePatrol: 'a patrol record',
};

export const resourceFieldsEn: Shape<typeof resourceFieldsZh> = {
  oss: {
    category: 'Provider',
    ossCode: 'Code',
    endpoint: 'Endpoint',
    accessKey: 'Access key',
    secretKey: 'Secret key',
    bucketName: 'Bucket',
    region: 'Region',
    appId: 'App ID',
    remark: 'Remark',
    status: 'Enabled',
  },
  sms: {
    category: 'Provider',
    smsCode: 'Code',
    templateId: 'Template ID',
    accessKey: 'Access key',
    secretKey: 'Secret key',
    regionId: 'Region',
    signName: 'Signature',
    remark: 'Remark',
    status: 'Enabled',
  },
};

export const resourceEntitiesEn: Shape<typeof resourceEntitiesZh> = {
  oss: 'Object storage',
  sms: 'SMS settings',
};

export const resourceScreensEn: Shape<typeof resourceScreensZh> = {
  enable: 'Enable',
  disable: 'Disable',
  enabled: 'Enabled',
  notEnabled: 'Not enabled',
  rename: 'Rename',
  renameTitle: 'Rename the attachment',
  enableOssConfirm:
    'Once "{{code}}" is enabled, this tenant’s new uploads go to the bucket {{bucket}} and the other storage configurations are disabled. A test file is written to the bucket and deleted first. Enable it?',
  disableOssConfirm:
    'Once "{{code}}" is disabled, new uploads stay on the server’s own storage; files already in its bucket are still read from there. Disable it?',
  enableSmsConfirm:
    'Once "{{code}}" is enabled, reminders and other messages name it, and the other SMS configurations are disabled. Enable it?',
  disableSmsConfirm: 'Disable "{{code}}"?',
  enableSuccess: 'Enabled',
  disableSuccess: 'Disabled',
  sendMessage: 'Send SMS',
  sendTitle: 'Send SMS · {{code}}',
  phones: 'Mobile numbers',
  phonesHint: 'Separate several numbers with commas',
  params: 'Template parameters',
  paramsHint: 'A JSON object such as {"code":"1234"}; leave empty when the template has none',
  sendRecorded: '{{count}} messages recorded (not sent: no SMS gateway can be reached); see SMS records',
  sendNote:
    'No SMS gateway can be reached from this system: messages are not sent, only recorded in SMS records with the configuration and template they used.',
  upload: 'Upload',
  uploadTitle: 'Upload an attachment',
  uploadPick: 'Choose a file',
  uploadHint: 'jpg, png, gif, webp, pdf, doc, docx, xls, xlsx or mp4, at most 10 MB',
  uploadDone: 'Uploaded',
  uploadProgress: 'Upload progress',
  download: 'Download',
  preview: 'View',
  noPreview: 'This file is not a picture and cannot be previewed: download it to open it',
  storageDisk: 'Server disk',
  storageDatabase: 'Database',
  storageOss: 'Object storage {{code}}',
  uploader: 'Uploaded by',
  uploadTime: 'Uploaded at',
  size: 'Size',
  public: 'Public',
  private: 'Private',
};
