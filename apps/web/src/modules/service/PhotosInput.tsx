import { CloseOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Image, Space, message } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { linksOf, photoProblem, uploadServiceFile } from './uploads';

/**
 * A form control holding photos as comma-separated links: each jpg/png (at
 * most 10 MB) is uploaded as it is picked; each photo has a remove button.
 */
export function PhotosInput({
  value,
  onChange,
  bucket = 'repair',
}: {
  value?: string;
  onChange?: (links: string) => void;
  bucket?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(0);
  const links = linksOf(value);
  // Uploads finish after renders: each adds to the latest list, not to the one it started with.
  const latest = useRef(links);
  latest.current = links;
  const set = (next: string[]) => {
    latest.current = next;
    onChange?.(next.join(','));
  };
  const input = useRef<HTMLInputElement>(null);
  const add = (file: File) => {
    const problem = photoProblem(file);
    if (problem) {
      void message.error(t(problem === 'type' ? 'common.imageType' : 'service.editorImageSize'));
      return;
    }
    setBusy((n) => n + 1);
    uploadServiceFile(file, bucket)
      .then((link) => set([...latest.current, link]))
      .catch(() => undefined) // the call showed the server's message
      .finally(() => setBusy((n) => n - 1));
  };
  return (
    <Space wrap align="start">
      {links.map((link, i) => (
        <div key={link} style={{ position: 'relative' }}>
          <Image src={link} width={96} height={96} style={{ objectFit: 'cover' }} alt={t('service.photoN', { n: i + 1 })} />
          <Button
            size="small"
            shape="circle"
            icon={<CloseOutlined />}
            aria-label={t('service.removePhoto', { n: i + 1 })}
            style={{ position: 'absolute', top: 2, right: 2 }}
            onClick={() => set(links.filter((l) => l !== link))}
          />
        </div>
      ))}
      {/* A plain button opening a hidden file input: antd's Upload would wrap the button in a second control. */}
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,.png"
        multiple
        style={{ display: 'none' }}
        data-testid="photos-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          files.forEach(add);
        }}
      />
      <Button icon={busy ? <LoadingOutlined /> : <PlusOutlined />} onClick={() => input.current?.click()}>
        {t('service.uploadPhoto')}
      </Button>
    </Space>
  );
}
