import { Button, Card, DatePicker, Descriptions, Form, Input, Select, Space, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { flowCalls, type LeaveDetail } from './flow-api';
import { FlowDiagram, FlowHistory } from './FlowDiagram';
import { StatusTag } from './StatusTag';
import { useLoaded } from './use-loaded';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Where the pages go when done: the work lists' menus. */
const SENT_PATH = '/work/send';
const TODO_PATH = '/work/todo';

type LeaveValues = { startTime: Dayjs; endTime: Dayjs; reason: string; taskUser?: string };

/** A page's submission: its buttons spin while `work` runs; a refusal has shown the server's message, what was typed stays. */
function useSubmitting(): [boolean, (work: () => Promise<void>) => Promise<void>] {
  const [saving, setSaving] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setSaving(true);
    try {
      await work();
    } catch {
      // shown by the call
    } finally {
      setSaving(false);
    }
  };
  return [saving, run];
}

/** /work/process/leave/form/{processDefinitionId}: file a leave request, which starts its process. */
export function LeaveFormPage() {
  const { t } = useTranslation();
  const { processDefinitionId = '' } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<LeaveValues>();
  const [saving, submitting] = useSubmitting();
  const approvers = useLoaded(() => flowCalls.approvers(), 'approvers');
  const submit = (values: LeaveValues) =>
    submitting(async () => {
      await api.post('/blade-desk/process/leave/start-process', {
        processDefinitionId,
        startTime: values.startTime.format(FORMAT),
        endTime: values.endTime.format(FORMAT),
        reason: values.reason.trim(),
        // The process's approval task is assigned to them (its assignee is ${taskUser}); none: the manager role claims it.
        ...(values.taskUser ? { taskUser: values.taskUser } : {}),
      });
      void message.success(t('common.operationSuccess'));
      void navigate(SENT_PATH);
    });
  return (
    <Card title={<h2 className="flow-title">{t('flow.leaveForm')}</h2>}>
      <Form form={form} name="leave-form" layout="vertical" style={{ maxWidth: 560 }} onFinish={(v) => void submit(v)}>
        <Form.Item
          name="startTime"
          label={t('fields.leave.startTime')}
          rules={[{ required: true, message: t('errors.leaveStartRequired') }]}
        >
          <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('fields.leave.endTime')}
          dependencies={['startTime']}
          rules={[
            { required: true, message: t('errors.leaveEndRequired') },
            ({ getFieldValue }) => ({
              validator: (_, end?: Dayjs) => {
                const start = getFieldValue('startTime') as Dayjs | undefined;
                return !end || !start || end.isAfter(start)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('errors.leaveTimeOrder')));
              },
            }),
          ]}
        >
          <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('fields.leave.reason')}
          rules={[{ required: true, whitespace: true, message: t('errors.leaveReasonRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="taskUser" label={t('fields.leave.taskUser')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            loading={approvers === undefined}
            placeholder={t('flow.approverDefault')}
            options={(approvers ?? []).map((a) => ({ value: a.id, label: a.realName }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.submit')}
          </Button>
          <Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** The leave request of a page (null when it cannot be read). */
const useLeave = (businessId: string) => useLoaded(() => flowCalls.leave(businessId), businessId);

function LeaveDescriptions({ leave }: { leave: LeaveDetail }) {
  const { t } = useTranslation();
  const outcome = !leave.finished ? 'running' : leave.approved ? 'approved' : leave.approved === false ? 'rejected' : 'finished';
  const tone = ({ running: 'processing', approved: 'success', rejected: 'error', finished: 'default' } as const)[outcome];
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
      <Descriptions.Item label={t('flow.applicant')}>{leave.applicantName}</Descriptions.Item>
      <Descriptions.Item label={t('fields.leave.applyTime')}>{leave.applyTime}</Descriptions.Item>
      <Descriptions.Item label={t('fields.leave.startTime')}>{leave.startTime}</Descriptions.Item>
      <Descriptions.Item label={t('fields.leave.endTime')}>{leave.endTime}</Descriptions.Item>
      <Descriptions.Item label={t('fields.leave.days')}>{leave.days}</Descriptions.Item>
      <Descriptions.Item label={t('flow.outcome')}>
        <StatusTag tone={tone} text={t(`flow.${outcome}`)} />
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.leave.reason')} span={2}>
        {leave.reason}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The request, its diagram and its history: the body of the handle and detail pages. */
function LeaveWithProcess({ leave, processInstanceId }: { leave: LeaveDetail | null | undefined; processInstanceId: string }) {
  return (
    <>
      {leave && <LeaveDescriptions leave={leave} />}
      <FlowDiagram of={{ processInstanceId }} />
      <FlowHistory processInstanceId={processInstanceId} />
    </>
  );
}

/** /work/process/leave/handle/{taskId}/{processInstanceId}/{businessId}: approve or reject with a comment. */
export function LeaveHandlePage() {
  const { t } = useTranslation();
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams();
  const navigate = useNavigate();
  const leave = useLeave(businessId);
  const [comment, setComment] = useState('');
  const [saving, submitting] = useSubmitting();
  const decide = (pass: boolean) =>
    submitting(async () => {
      await flowCalls.complete(taskId, pass, comment.trim());
      void message.success(t('flow.completed'));
      void navigate(TODO_PATH);
    });
  return (
    <Card title={<h2 className="flow-title">{t('flow.leaveHandle')}</h2>}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <LeaveWithProcess leave={leave} processInstanceId={processInstanceId} />
        <Form layout="vertical" name="leave-handle">
          <Form.Item label={t('flow.comment')} htmlFor="leave-comment">
            <Input.TextArea
              id="leave-comment"
              rows={3}
              maxLength={500}
              showCount
              value={comment}
              placeholder={t('flow.commentPlaceholder')}
              onChange={(e) => setComment(e.target.value)}
            />
          </Form.Item>
          <Space>
            <Button type="primary" loading={saving} onClick={() => void decide(true)}>
              {t('flow.approve')}
            </Button>
            <Button danger loading={saving} onClick={() => void decide(false)}>
              {t('flow.reject')}
            </Button>
            <Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>
          </Space>
        </Form>
      </Space>
    </Card>
  );
}

/** /work/process/leave/detail/{processInstanceId}/{businessId}: the request, its outcome, diagram and history. */
export function LeaveDetailPage() {
  const { t } = useTranslation();
  const { processInstanceId = '', businessId = '' } = useParams();
  const navigate = useNavigate();
  const leave = useLeave(businessId);
  return (
    <Card
      title={<h2 className="flow-title">{t('flow.leaveDetail')}</h2>}
      extra={<Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>}
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <LeaveWithProcess leave={leave} processInstanceId={processInstanceId} />
      </Space>
    </Card>
  );
}
