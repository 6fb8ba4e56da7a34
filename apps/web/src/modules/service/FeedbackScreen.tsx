import { FEEDBACK_STATUS, suggestionEntity } from '@property/domain';
import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import { FormDialog } from '../community/FormDialog';

/** 投诉反馈 (spec §2.3): view only; an item still submitted is answered with 处理 — handled, or ignored with a reply. */
export default function FeedbackScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [answering, setAnswering] = useState<{ id: string; reload: () => void }>();
  return (
    <>
      <CrudPage
        entity={suggestionEntity}
        rowActions={(row, reload) =>
          Number(row.status) === FEEDBACK_STATUS.submitted && buttons.has('feedback_handle') ? (
            <Button type="link" size="small" onClick={() => setAnswering({ id: String(row.id), reload })}>
              {t('service.handle')}
            </Button>
          ) : null
        }
      />
      {answering && <AnswerDialog id={answering.id} onSaved={answering.reload} onClose={() => setAnswering(undefined)} />}
    </>
  );
}

function AnswerDialog({ id, onSaved, onClose }: { id: string; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ status: number; reply?: string }>();
  const status = Form.useWatch('status', form);
  const save = async (values: { status: number; reply?: string }) => {
    await api.post('/system-property/suggestion/submit', { id, ...values });
    return t('common.operationSuccess');
  };
  return (
    <FormDialog
      title={t('service.handleTitle')}
      okText={t('common.confirm')}
      form={form}
      save={save}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form form={form} name="feedback-answer" layout="vertical" initialValues={{ status: FEEDBACK_STATUS.read }}>
        <Form.Item name="status" label={t('fields.suggestion.status')}>
          <Radio.Group
            options={[
              { value: FEEDBACK_STATUS.read, label: t('service.markRead') },
              { value: FEEDBACK_STATUS.rejected, label: t('service.markRejected') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reply"
          label={t('service.reply')}
          rules={
            status === FEEDBACK_STATUS.rejected ? [{ required: true, whitespace: true, message: t('service.replyRequired') }] : []
          }
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
