import type { ProColumns } from '@ant-design/pro-components';
import { UploadOutlined } from '@ant-design/icons';
import { attachEntity } from '@property/domain';
import { Alert, Button, Descriptions, Form, Input, Modal, Progress, Upload, message } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { authHeaders, api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { FormDialog } from '../community/FormDialog';
import { downloadFile, readImportAnswer, uploadWithProgress } from '../community/house-import';
import { isPicture, readableSize, storageKindOf } from './files';

type Overrides = Record<string, Partial<ProColumns<Row>>>;

const PUT_FILE = '/blade-resource/oss/endpoint/put-file';
/** Largest file the server takes (its 413 says the same); checked first so a huge file is not sent for nothing. */
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,.pdf,.doc,.docx,.xls,.xlsx,.mp4';

/** Where a file's bytes are, in words: the server's disk or database, or the bucket of a storage configuration. */
function useStorageName() {
  const { t } = useTranslation();
  return (row: Row) => {
    const kind = storageKindOf(row.storage);
    if (kind === 'oss') return t('resource.storageOss', { code: String(row.storageName ?? '') });
    return kind === 'database' ? t('resource.storageDatabase') : t('resource.storageDisk');
  };
}

/**
 * 附件管理: the tenant's stored files with their size in KB/MB, storage, uploader and time. 上传 sends a file
 * through put-file with its progress; 查看 shows a picture (a private one read through the checked
 * download); 下载 through the permission-checked call; 重命名 changes the name shown; 删除 and batch delete
 * (the server refuses files in use, saying where).
 */
export default function AttachScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const storageName = useStorageName();
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<Row>();
  const [renaming, setRenaming] = useState<Row>();
  const reloadList = useRef<() => void>(undefined);
  const overrides = useMemo<Overrides>(
    () => ({
      name: { hideInTable: true },
      link: { hideInTable: true },
      domain: { hideInTable: true },
      contentType: { hideInTable: true },
      // A number, not a reference to another row (the generic screen hides bare ids).
      attachSize: {
        title: t('resource.size'),
        hideInTable: false,
        align: 'right',
        render: (_, row) => readableSize(row.attachSize),
      },
      storage: { render: (_, row) => storageName(row) },
    }),
    [t, storageName],
  );
  const uploader = useMemo<ProColumns<Row>[]>(
    () => [
      {
        title: t('resource.uploader'),
        dataIndex: 'createUserName',
        hideInSearch: true,
        hideInForm: true,
        render: (_, row) => String(row.createUserName ?? ''),
      },
    ],
    [t],
  );
  const name = (row: Row) => String(row.originalName ?? '');
  return (
    <>
      <CrudPage
        entity={attachEntity}
        noView
        fieldOverrides={overrides}
        extraColumns={uploader}
        toolbar={(_selected, reload) => {
          reloadList.current = reload;
          return buttons.has('attach_upload')
            ? [
                <Button key="upload" type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                  {t('resource.upload')}
                </Button>,
              ]
            : [];
        }}
        rowActions={(row, reload) => {
          reloadList.current = reload;
          return (
            <>
              {buttons.has('attach_view') && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setViewing(row)}
                  aria-label={`${t('resource.preview')} ${name(row)}`}
                >
                  {t('resource.preview')}
                </Button>
              )}
              {buttons.has('attach_download') && (
                <Button
                  type="link"
                  size="small"
                  aria-label={`${t('resource.download')} ${name(row)}`}
                  onClick={() =>
                    void downloadFile(`/blade-resource/attach/download?id=${String(row.id)}`, name(row)).catch((error: Error) =>
                      message.error(error.message),
                    )
                  }
                >
                  {t('resource.download')}
                </Button>
              )}
              {buttons.has('attach_upload') && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setRenaming(row)}
                  aria-label={`${t('resource.rename')} ${name(row)}`}
                >
                  {t('resource.rename')}
                </Button>
              )}
            </>
          );
        }}
      />
      {uploading && <UploadDialog onClose={() => setUploading(false)} onUploaded={() => reloadList.current?.()} />}
      {viewing && <ViewDialog row={viewing} storage={storageName(viewing)} onClose={() => setViewing(undefined)} />}
      {renaming && <RenameDialog row={renaming} onClose={() => setRenaming(undefined)} onSaved={() => reloadList.current?.()} />}
    </>
  );
}

/** 上传: one file at a time, its progress, and the server's refusal (type, size) kept on screen. */
function UploadDialog({ onClose, onUploaded }: { onClose: () => void; onUploaded: () => void }) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number>();
  const [refusal, setRefusal] = useState<string>();
  const send = async (file: File) => {
    setRefusal(undefined);
    if (file.size > MAX_BYTES) return setRefusal(t('errors.fileTooLarge'));
    setPercent(0);
    try {
      const { status, body } = await uploadWithProgress(PUT_FILE, file, {}, setPercent);
      const answer = readImportAnswer(status, body);
      if (status !== 200 || answer.kind === 'refused') {
        setRefusal(answer.kind === 'refused' ? answer.msg : t('common.unknownError'));
        return;
      }
      void message.success(t('resource.uploadDone'));
      onUploaded();
      onClose();
    } catch {
      setRefusal(t('common.unknownError'));
    } finally {
      setPercent(undefined);
    }
  };
  return (
    <Modal open title={t('resource.uploadTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <p>{t('resource.uploadHint')}</p>
      <Upload
        accept={ACCEPT}
        showUploadList={false}
        disabled={percent !== undefined}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={percent !== undefined}>
          {t('resource.uploadPick')}
        </Button>
      </Upload>
      {percent !== undefined && (
        <Progress percent={percent} aria-label={t('resource.uploadProgress')} style={{ marginTop: 16 }} />
      )}
      {refusal && <Alert type="error" showIcon role="alert" message={refusal} style={{ marginTop: 16 }} />}
    </Modal>
  );
}

/**
 * The picture of a file, as a URL the page may show: a public file by its link; a private one read through
 * the checked download (only for holders of attach_download) into a blob URL, let go when the dialog closes.
 */
function usePictureUrl(row: Row, mayDownload: boolean): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!isPicture(row.contentType)) return;
    if (Number(row.isPublic) === 1) return setUrl(String(row.link));
    if (!mayDownload) return;
    let made: string | undefined;
    let live = true;
    void fetch(`/api/blade-resource/attach/download?id=${String(row.id)}`, { headers: authHeaders(), credentials: 'include' })
      .then((response) => (response.ok ? response.blob() : undefined))
      .then((blob) => {
        if (!blob || !live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [row, mayDownload]);
  return url;
}

/** 查看: the file's facts, and the picture itself when it is one. */
function ViewDialog({ row, storage, onClose }: { row: Row; storage: string; onClose: () => void }) {
  const { t } = useTranslation();
  const buttons = useButtons();
  const picture = usePictureUrl(row, buttons.has('attach_download'));
  const name = String(row.originalName ?? '');
  return (
    <Modal open title={name} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {picture ? (
        <img src={picture} alt={name} style={{ display: 'block', maxWidth: '100%', maxHeight: 480, margin: '0 auto 16px' }} />
      ) : (
        !isPicture(row.contentType) && (
          <Alert type="info" showIcon message={t('resource.noPreview')} style={{ marginBottom: 16 }} />
        )
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'name', label: t('fields.attach.originalName'), children: name },
          { key: 'type', label: t('fields.attach.contentType'), children: String(row.contentType ?? '') },
          { key: 'size', label: t('resource.size'), children: readableSize(row.attachSize) },
          { key: 'storage', label: t('fields.attach.storage'), children: storage },
          {
            key: 'public',
            label: t('fields.attach.isPublic'),
            children: Number(row.isPublic) === 1 ? t('resource.public') : t('resource.private'),
          },
          { key: 'by', label: t('resource.uploader'), children: String(row.createUserName ?? '') },
          { key: 'at', label: t('resource.uploadTime'), children: String(row.createTime ?? '') },
        ]}
      />
    </Modal>
  );
}

/** 重命名: the name shown and downloaded under; the server keeps the file's own extension. */
function RenameDialog({ row, onClose, onSaved }: { row: Row; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ originalName: string }>();
  return (
    <FormDialog
      title={t('resource.renameTitle')}
      form={form}
      onClose={onClose}
      onSaved={onSaved}
      save={async (values) => {
        await api.post(`${attachEntity.base}/submit`, {
          id: row.id,
          originalName: values.originalName,
          updateTime: row.updateTime,
        });
        return t('common.updateSuccess');
      }}
    >
      <Form form={form} name="attach-rename" layout="vertical" initialValues={{ originalName: row.originalName }}>
        <Form.Item
          name="originalName"
          label={t('fields.attach.originalName')}
          rules={[{ required: true, whitespace: true, message: t('errors.attachNameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
