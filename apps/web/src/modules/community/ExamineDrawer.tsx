import { REJECT_REASON } from '@property/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Form, Input, Modal, Space, Spin, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { dictionaryOptions } from '../../crud/dictionaries';
import { approveExamination, attachmentLinks, isPending, rejectExamination } from './examine';
import { FormDialog } from './FormDialog';
import { quietly } from './quietly';
import { useOptions } from './use-options';

/** 审核详情: one application with its garden, house and proofs; 通过 or 驳回 (with a reason) while pending. */
export function ExamineDrawer({ id, onClose, onReviewed }: { id: string; onClose: () => void; onReviewed: () => void }) {
  const { t } = useTranslation();
  const buttons = useButtons();
  const info = useQuery({
    queryKey: ['examine-info', id],
    queryFn: () => api.get<Row>('/system-property/mobile/owner/examine-info', { id }),
    staleTime: 0,
  });
  const statuses = useOptions(() => dictionaryOptions('examine_status'));
  const relations = useOptions(() => dictionaryOptions('owner_type'));
  const [rejecting, setRejecting] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const row = info.data;
  const labelOf = (options: typeof statuses, value: unknown) =>
    options.find((o) => String(o.value) === String(value))?.label ?? String(value ?? '');
  const reviewed = () => {
    onReviewed();
    onClose();
  };

  const approve = () =>
    Modal.confirm({
      title: t('common.deleteTitle'),
      content: t('community.approveConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () =>
        quietly(async () => {
          await approveExamination(id);
          void message.success(t('common.operationSuccess'));
          reviewed();
        }),
    });
  const reject = async ({ reason }: { reason: string }) => {
    await rejectExamination(id, reason);
    return t('common.operationSuccess');
  };

  const canReview = !!row && isPending(row.status) && buttons.has('examine_audit');
  return (
    <Drawer
      open
      width={640}
      title={t('community.examineDetail')}
      onClose={onClose}
      destroyOnHidden
      extra={
        canReview && (
          <Space>
            <Button type="primary" onClick={approve}>
              {t('community.approve')}
            </Button>
            <Button danger onClick={() => setRejecting(true)}>
              {t('community.reject')}
            </Button>
          </Space>
        )
      }
    >
      <Spin spinning={info.isLoading}>
        {row && (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('fields.ownerExamine.name')}>{String(row.name ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.ownerExamine.phone')}>{String(row.phone ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.ownerExamine.idCard')}>{String(row.idCard ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.ownerExamine.gardenId')}>{String(row.gardenName ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.ownerExamine.houseId')}>{String(row.houseName ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.ownerExamine.relation')}>{labelOf(relations, row.relation)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.ownerExamine.status')}>{labelOf(statuses, row.status)}</Descriptions.Item>
            {row.reason ? <Descriptions.Item label={t('community.rejectReason')}>{String(row.reason)}</Descriptions.Item> : null}
            <Descriptions.Item label={t('community.attachments')}>
              <Space wrap>
                {attachmentLinks(row.attachments).map((a) => (
                  <a key={a.link} href={a.link} target="_blank" rel="noreferrer">
                    {a.name}
                  </a>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
      {rejecting && (
        <FormDialog
          title={t('community.reject')}
          okText={t('common.confirm')}
          form={form}
          save={reject}
          onSaved={reviewed}
          onClose={() => setRejecting(false)}
        >
          <Form form={form} name="examine-reject" layout="vertical">
            <Form.Item
              name="reason"
              label={t('community.rejectReason')}
              rules={[{ required: true, whitespace: true, message: t(`errors.${REJECT_REASON.required}`) }]}
            >
              <Input.TextArea rows={4} maxLength={REJECT_REASON.maxLength} showCount />
            </Form.Item>
          </Form>
        </FormDialog>
      )}
    </Drawer>
  );
}
