import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Image,
  Input,
  Rate,
  Select,
  Space,
  Spin,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { useButtons } from '../../app/permissions';
import { useSession } from '../../app/use-session';
import type { Row } from '../../crud/columns';
import { dictionaryOptions } from '../../crud/dictionaries';
import { FormDialog } from '../community/FormDialog';
import { useOptions } from '../community/use-options';
import { PhotosInput } from './PhotosInput';
import { stepsFor, type Step } from './repair-steps';
import { linksOf } from './uploads';

const ACTION_WORDS: Record<string, string> = {
  register: 'actionRegister',
  send: 'actionSend',
  accept: 'actionAccept',
  reject: 'actionReject',
  start: 'actionStart',
  finish: 'actionFinish',
  close: 'actionClose',
  note: 'actionNote',
  comment: 'actionComment',
};

/** 报修详情: the request, its photos, its log (who, when, what, photos) and the steps its state allows. */
export function RepairDrawer({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const buttons = useButtons();
  const session = useSession();
  const queries = useQueryClient();
  const repair = useQuery({
    queryKey: ['repair', id],
    queryFn: () => api.get<Row>('/system-property/repair/detail', { id }),
    staleTime: 0,
  });
  const log = useQuery({
    queryKey: ['repair-log', id],
    queryFn: () => api.get<Row[]>('/system-property/repair/list-log', { repairId: id }),
    staleTime: 0,
  });
  const statuses = useOptions(() => dictionaryOptions('repair_status'));
  const types = useOptions(() => dictionaryOptions('repair_type'));
  const [step, setStep] = useState<Step>();
  const row = repair.data;
  const labelOf = (options: typeof statuses, value: unknown) =>
    options.find((o) => String(o.value) === String(value))?.label ?? String(value ?? '');
  const refresh = () => {
    void queries.invalidateQueries({ queryKey: ['repair', id] });
    void queries.invalidateQueries({ queryKey: ['repair-log', id] });
    onChanged();
  };
  const steps = row ? stepsFor(row, buttons, String(session.user?.user_id ?? '')) : [];

  return (
    <Drawer
      open
      width={720}
      title={t('service.repairDetail')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space wrap>
          {steps.map((s) => (
            <Button
              key={s}
              type={s === 'send' || s === 'finish' ? 'primary' : 'default'}
              danger={s === 'reject'}
              onClick={() => setStep(s)}
            >
              {t(`service.${s}`)}
            </Button>
          ))}
        </Space>
      }
    >
      <Spin spinning={repair.isLoading}>
        {row && (
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('fields.repair.userName')}>{String(row.userName ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.repair.userTel')}>{String(row.userTel ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.repair.repairType')}>{labelOf(types, row.repairType)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.repair.status')}>
              <Space size={4}>
                {labelOf(statuses, row.status)}
                {row.overdue === true && <Tag color="error">{t('service.overdue')}</Tag>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.repair.content')} span={2}>
              {String(row.content ?? '')}
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.repair.address')}>{String(row.address ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('service.deadline')}>{String(row.deadline ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('service.worker')}>{String(row.workerName ?? '')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.repair.score')}>
              {row.score ? <Rate disabled value={Number(row.score)} /> : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('service.photos')} span={2}>
              <Image.PreviewGroup>
                <Space wrap>
                  {linksOf(row.images).map((link, i) => (
                    <Image
                      key={link}
                      src={link}
                      width={96}
                      height={96}
                      style={{ objectFit: 'cover' }}
                      alt={t('service.photoN', { n: i + 1 })}
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('service.log')}
      </Typography.Title>
      {log.data?.length ? (
        <Timeline
          data-testid="repair-log"
          items={log.data.map((entry) => ({
            key: String(entry.id),
            children: (
              <div>
                <Typography.Text strong>{t(`service.${ACTION_WORDS[String(entry.action)] ?? 'actionNote'}`)}</Typography.Text>
                <Typography.Text type="secondary">
                  {' '}
                  {String(entry.operatorName ?? '')} · {String(entry.createTime ?? '')}
                </Typography.Text>
                {entry.remark ? <div>{String(entry.remark)}</div> : null}
                <Space wrap style={{ marginTop: 4 }}>
                  {((entry.photos as Row[] | undefined) ?? []).map((photo, i) => (
                    <Image
                      key={String(photo.id)}
                      src={String(photo.imageUrl)}
                      width={72}
                      height={72}
                      style={{ objectFit: 'cover' }}
                      alt={t('service.photoN', { n: i + 1 })}
                    />
                  ))}
                </Space>
              </div>
            ),
          }))}
        />
      ) : (
        <Empty description={t('service.noLog')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      {step && row && <StepDialog repairId={id} step={step} onClose={() => setStep(undefined)} onSaved={refresh} />}
    </Drawer>
  );
}

/**
 * The form controls of a step take only what they use: Form.Item also hands a
 * required field's control aria-required, which antd's Select and Rate put on
 * an element without a role (an accessibility error), so it is not passed on.
 */
function WorkerSelect({
  id,
  value,
  onChange,
  options,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  options: Array<{ label: string; value: string | number }>;
}) {
  return <Select id={id} value={value} onChange={onChange} showSearch optionFilterProp="label" options={options} />;
}

function ScoreInput({ value, onChange }: { value?: number; onChange?: (value: number) => void }) {
  const { t } = useTranslation();
  return <Rate value={value} onChange={onChange} aria-label={t('service.score')} />;
}

interface StepValues {
  workerId?: string;
  remark?: string;
  images?: string;
  score?: number;
  content?: string;
}

/** One step's dialog: who (派单), why (拒单, 关闭 before the work), notes and photos, or the rating. */
function StepDialog({
  repairId,
  step,
  onClose,
  onSaved,
}: {
  repairId: string;
  step: Step;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StepValues>();
  const workers = useOptions(async () =>
    step === 'send'
      ? (await api.get<Row[]>('/system-property/repair/workers')).map((w) => ({
          label: String(w.realName ?? w.account),
          value: String(w.id),
        }))
      : [],
  );
  const save = async (values: StepValues) => {
    if (step === 'rate')
      await api.post('/system-property/repaircomment/submit', { repairId, score: values.score, content: values.content });
    else if (step === 'note')
      await api.post('/system-property/repairlog/submit', { repairId, remark: values.remark, images: values.images });
    else if (step === 'send') await api.post('/system-property/repair/send', { id: repairId, ...values });
    else await api.post('/system-property/repair/update', { id: repairId, action: step, ...values });
    return t('common.operationSuccess');
  };
  const remarkLabel =
    step === 'reject' ? t('service.rejectReason') : step === 'close' ? t('service.closeReason') : t('service.remark');
  return (
    <FormDialog
      title={t(`service.${step}`)}
      okText={t('common.confirm')}
      form={form}
      save={save}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form form={form} name={`repair-${step}`} layout="vertical">
        {step === 'send' && (
          <Form.Item
            name="workerId"
            label={t('service.worker')}
            rules={[{ required: true, message: t('errors.repairWorkerRequired') }]}
          >
            <WorkerSelect options={workers} />
          </Form.Item>
        )}
        {step === 'rate' ? (
          <>
            <Form.Item
              name="score"
              label={t('service.score')}
              rules={[{ required: true, message: t('errors.repairScoreRequired') }]}
            >
              <ScoreInput />
            </Form.Item>
            <Form.Item name="content" label={t('service.comment')}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name="remark"
              label={remarkLabel}
              rules={
                step === 'reject'
                  ? [{ required: true, whitespace: true, message: t('errors.repairRejectReasonRequired') }]
                  : step === 'note'
                    ? [{ required: true, whitespace: true, message: t('errors.repairLogRemarkRequired') }]
                    : []
              }
            >
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
            <Form.Item name="images" label={t('service.stepPhotos')}>
              <PhotosInput bucket="repair" />
            </Form.Item>
          </>
        )}
      </Form>
    </FormDialog>
  );
}
