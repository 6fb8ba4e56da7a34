/** What the resource calls answer beyond the generic shapes (spec §7.9). */
import { Page } from '../../contract/answers';
import { recordOf } from '../../contract/records';
import { Extend, NullableText } from '../../contract/schema';
import { attachEntity } from '../owner-app/attachment.entity';

/** A stored file as 附件管理 lists it: with its uploader's name and, for a bucket, the storage configuration's code. */
export const AttachRow = Extend(recordOf(attachEntity), {
  createUserName: NullableText('the real name of the user who uploaded it'),
  storageName: NullableText(
    'the code of the object storage configuration holding it (storage oss:<id>); null for the server’s own storage',
  ),
});

export const AttachPage = Page(AttachRow);
