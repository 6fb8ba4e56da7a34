import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Upload, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../app/i18n';
import { cropImage, imageProblem, uploadFile, type Crop } from './upload';

/**
 * A form control holding an image link: picks a jpg/png of at most 500kb,
 * uploads it to object storage and keeps the answered link as its value.
 */
export function ImageUpload({
  value,
  onChange,
  messages = { type: 'common.imageType', size: 'common.imageSize' },
  crop,
}: {
  value?: string;
  onChange?: (link: string) => void;
  /** Message keys of the two refusals (the avatar has its own words). */
  messages?: { type: string; size: string };
  /** Cut to this size (centred, covering) and re-encoded at this quality before upload (a club product's 180×160 at 0.3). */
  crop?: Crop;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Upload
      listType="picture-card"
      accept=".jpg,.jpeg,.png"
      showUploadList={false}
      // The box itself is the control (a tab stop, Enter and Space open the file chooser): nothing inside is one.
      hasControlInside={false}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (problem) {
          void message.error(t(messages[problem]));
          return Upload.LIST_IGNORE;
        }
        setBusy(true);
        (crop ? cropImage(file, crop) : Promise.resolve(file))
          .then(uploadFile)
          .then((link) => onChange?.(link))
          .catch(() => undefined) // the call already showed the server's message
          .finally(() => setBusy(false));
        return false;
      }}
    >
      {value ? (
        <img src={value} alt={t('common.upload')} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <div>
          {busy ? <LoadingOutlined /> : <PlusOutlined />}
          <div style={{ marginTop: 8 }}>{t('common.upload')}</div>
        </div>
      )}
    </Upload>
  );
}
