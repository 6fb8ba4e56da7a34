import type { ProColumns } from '@ant-design/pro-components';
import { CONFIG_ENABLED, ossEntity, smsEntity, type EntityDef } from '@property/domain';
import { Alert, Button, Form, Input, Modal, Tag, message } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { FormDialog } from '../community/FormDialog';
import './resource.css';

type Overrides = Record<string, Partial<ProColumns<Row>>>;

/** The 是否启用 column: a green tag on the enabled configuration, so the one in use stands out. */
function enabledColumn(label: (enabled: boolean) => string): Partial<ProColumns<Row>> {
  return {
    render: (_, row) =>
      Number(row.status) === CONFIG_ENABLED.yes ? (
        <Tag color="success" className="resource-enabled">
          {label(true)}
        </Tag>
      ) : (
        <span>{label(false)}</span>
      ),
  };
}

/**
 * 启用 / 停用 of a configuration (`<code>_enable`): asks first, saying what changes; the server's refusal (a
 * bucket it cannot reach) shows as its toast and the question stays open to cancel.
 */
function useEnableAction(entity: EntityDef, codeField: string, question: (row: Row, enable: boolean) => string) {
  const { t } = useTranslation();
  const buttons = useButtons();
  const may = buttons.has(`${entity.permission}_enable`);
  return (row: Row, reload: () => void) => {
    if (!may) return null;
    const enable = Number(row.status) !== CONFIG_ENABLED.yes;
    const ask = () =>
      Modal.confirm({
        title: enable ? t('resource.enable') : t('resource.disable'),
        content: question(row, enable),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await api.post(`${entity.base}/${enable ? 'enable' : 'disable'}`, undefined, { id: row.id });
          void message.success(enable ? t('resource.enableSuccess') : t('resource.disableSuccess'));
          reload();
        },
      });
    return (
      <Button
        key="enable"
        type="link"
        size="small"
        onClick={ask}
        aria-label={`${enable ? t('resource.enable') : t('resource.disable')} ${String(row[codeField] ?? '')}`}
      >
        {enable ? t('resource.enable') : t('resource.disable')}
      </Button>
    );
  };
}

/**
 * 对象存储: S3-compatible buckets (MinIO, Qiniu, Aliyun, Tencent). 启用 tries the bucket and makes it the
 * tenant's storage for new uploads (the others are disabled); 停用 goes back to the server's own storage.
 */
export function OssScreen() {
  const { t } = useTranslation();
  const enableAction = useEnableAction(ossEntity, 'ossCode', (row, enable) =>
    enable
      ? t('resource.enableOssConfirm', { code: row.ossCode, bucket: row.bucketName })
      : t('resource.disableOssConfirm', { code: row.ossCode }),
  );
  const overrides = useMemo<Overrides>(
    () => ({
      status: enabledColumn((on) => (on ? t('resource.enabled') : t('resource.notEnabled'))),
      endpoint: { fieldProps: { maxLength: 200, placeholder: 'http://127.0.0.1:9000' } },
      region: { hideInTable: true, fieldProps: { maxLength: 50, placeholder: 'us-east-1' } },
      appId: { hideInTable: true },
    }),
    [t],
  );
  return <CrudPage entity={ossEntity} fieldOverrides={overrides} rowActions={enableAction} />;
}

/**
 * 短信配置: SMS accounts and templates. 启用 makes one the configuration reminders name; 发送短信 sends its
 * template to phones, which the product records in 短信记录 and does not send (no gateway is reachable).
 */
export function SmsScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [sending, setSending] = useState<Row>();
  const enableAction = useEnableAction(smsEntity, 'smsCode', (row, enable) =>
    enable ? t('resource.enableSmsConfirm', { code: row.smsCode }) : t('resource.disableSmsConfirm', { code: row.smsCode }),
  );
  const overrides = useMemo<Overrides>(
    () => ({
      status: enabledColumn((on) => (on ? t('resource.enabled') : t('resource.notEnabled'))),
      regionId: { hideInTable: true },
    }),
    [t],
  );
  const reloadList = useRef<() => void>(undefined);
  return (
    <>
      <CrudPage
        entity={smsEntity}
        fieldOverrides={overrides}
        rowActions={(row, reload) => {
          reloadList.current = reload;
          return (
            <>
              {enableAction(row, reload)}
              {buttons.has('sms_edit') && (
                <Button
                  key="send"
                  type="link"
                  size="small"
                  onClick={() => setSending(row)}
                  aria-label={`${t('resource.sendMessage')} ${String(row.smsCode ?? '')}`}
                >
                  {t('resource.sendMessage')}
                </Button>
              )}
            </>
          );
        }}
      />
      {sending && <SendMessageDialog config={sending} onClose={() => setSending(undefined)} />}
    </>
  );
}

/** 发送短信: phones and the template's parameters; says plainly that the messages are recorded, not sent. */
function SendMessageDialog({ config, onClose }: { config: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phones: string; params?: string }>();
  return (
    <FormDialog
      title={t('resource.sendTitle', { code: config.smsCode })}
      form={form}
      okText={t('resource.sendMessage')}
      onClose={onClose}
      save={async (values) => {
        const sent = await api.post<{ records: unknown[] }>('/blade-resource/sms/endpoint/send-message', undefined, {
          code: config.smsCode,
          phones: values.phones,
          params: values.params?.trim() || undefined,
        });
        return t('resource.sendRecorded', { count: sent.records.length });
      }}
    >
      <Alert type="info" showIcon message={t('resource.sendNote')} style={{ marginBottom: 16 }} />
      <Form form={form} name="sms-send" layout="vertical">
        <Form.Item
          name="phones"
          label={t('resource.phones')}
          extra={t('resource.phonesHint')}
          rules={[{ required: true, whitespace: true, message: t('errors.smsPhonesRequired') }]}
        >
          <Input.TextArea rows={2} placeholder="13800138000,13900139000" />
        </Form.Item>
        <Form.Item name="params" label={t('resource.params')} extra={t('resource.paramsHint')}>
          <Input.TextArea rows={3} placeholder='{"code":"1234"}' />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
