import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload, message } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { downloadXlsx } from '../../crud/export';
import {
  downloadFile,
  errorReportSheet,
  IMPORT,
  IMPORT_TEMPLATE,
  readImportAnswer,
  uploadWithProgress,
  type ImportAnswer,
} from './house-import';

/**
 * 导入房屋: download the template, upload the filled file with a progress
 * bar; all or nothing, so a wrong file shows every wrong row (and can be
 * downloaded as a report) and nothing is saved.
 */
export function HouseImportDialog({
  gardenId,
  onClose,
  onSaved,
}: {
  gardenId?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState<number>();
  const [answer, setAnswer] = useState<ImportAnswer>();

  const upload = async (file: File) => {
    setAnswer(undefined);
    setPercent(0);
    try {
      const { status, body } = await uploadWithProgress(IMPORT, file, { gardenId }, setPercent);
      const read = readImportAnswer(status, body);
      setAnswer(read);
      if (read.kind === 'saved') {
        void message.success(t('community.importDone', { count: read.result.success }));
        onSaved();
      }
    } catch (error) {
      setAnswer({ kind: 'refused', msg: (error as Error).message });
    } finally {
      setPercent(undefined);
    }
  };

  const template = () =>
    downloadFile(IMPORT_TEMPLATE, t('houseImport.file')).catch((error: Error) => void message.error(error.message));

  const report = () => {
    if (answer?.kind !== 'rows') return;
    const name = t('community.importErrorFile');
    void downloadXlsx(
      errorReportSheet(answer.result.errors, { row: t('community.row'), problem: t('community.problem') }),
      `${name} ${dayjs().format('YYYY-MM-DD HHmmss')}.xlsx`,
      name,
    );
  };

  return (
    <Modal open width={720} title={t('community.importTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>{t('community.importStep1')}</Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={() => void template()}>
          {t('common.importTemplate')}
        </Button>
        <Typography.Text>{t('community.importStep2')}</Typography.Text>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          disabled={percent !== undefined}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={percent !== undefined}>
            {t('community.importChoose')}
          </Button>
        </Upload>
        {percent !== undefined && <Progress percent={percent} status="active" aria-label={t('community.importUploading')} />}
        {answer?.kind === 'saved' && (
          <Alert type="success" showIcon message={t('community.importDone', { count: answer.result.success })} />
        )}
        {answer?.kind === 'refused' && <Alert type="error" showIcon message={answer.msg} />}
        {answer?.kind === 'rows' && (
          <>
            <Alert
              type="error"
              showIcon
              message={t('community.importFailedCount', { count: answer.result.errors.length })}
              action={
                <Button size="small" icon={<DownloadOutlined />} onClick={report}>
                  {t('community.importErrorReport')}
                </Button>
              }
            />
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.message}`}
              dataSource={answer.result.errors}
              pagination={{ pageSize: 8 }}
              columns={[
                { title: t('community.row'), dataIndex: 'row', width: 80 },
                { title: t('community.problem'), dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
