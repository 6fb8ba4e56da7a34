import {
  PLAN_STATUS,
  patrolPlanEntity,
  patrolRecordView,
  patrolTaskEntity,
  TASK_POINT_STATUS,
  TASK_STATUS,
  type EntityDef,
} from '@property/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, List, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api, type Page } from '../../app/http';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { ListTabs } from '../../crud/ListTabs';
import { dictionaryOptions } from '../../crud/dictionaries';
import { FormDialog } from '../community/FormDialog';
import { useOptions } from '../community/use-options';
import { PhotosInput } from './PhotosInput';

const OPEN_TASK = [TASK_STATUS.pending, TASK_STATUS.running] as number[];

/** 关闭 of a plan or task (`<code>_close`): a confirmation with an optional reason. */
function CloseDialog({
  entity,
  id,
  onSaved,
  onClose,
}: {
  entity: EntityDef;
  id: string;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const save = async (values: { reason?: string }) => {
    await api.post(`${entity.base}/close`, { id, ...values });
    return t('common.operationSuccess');
  };
  return (
    <FormDialog
      title={t(entity === patrolPlanEntity ? 'service.closePlan' : 'service.closeTask')}
      okText={t('common.confirm')}
      form={form}
      save={save}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Typography.Paragraph>{t('service.closeConfirm')}</Typography.Paragraph>
      <Form form={form} name={`${entity.name}-close`} layout="vertical">
        {entity === patrolPlanEntity && (
          <Form.Item name="reason" label={t('service.closeReasonOptional')}>
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        )}
      </Form>
    </FormDialog>
  );
}

/** 巡更计划: the generic list with 关闭 on open plans. */
export function PatrolPlanScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [closing, setClosing] = useState<{ id: string; reload: () => void }>();
  return (
    <>
      <CrudPage
        entity={patrolPlanEntity}
        rowActions={(row, reload) =>
          Number(row.status) === PLAN_STATUS.open && buttons.has('patrolplan_close') ? (
            <Button type="link" size="small" danger onClick={() => setClosing({ id: String(row.id), reload })}>
              {t('service.close')}
            </Button>
          ) : null
        }
      />
      {closing && (
        <CloseDialog entity={patrolPlanEntity} id={closing.id} onSaved={closing.reload} onClose={() => setClosing(undefined)} />
      )}
    </>
  );
}

/** 巡更任务 (menu patroltask): the tasks, and beside them the records of the points checked or missed. */
export function PatrolTaskScreen() {
  const { t } = useTranslation();
  return (
    <ListTabs
      tabs={[
        { key: 'tasks', label: t('service.tasksTab'), list: <PatrolTasks /> },
        { key: 'records', label: t('service.recordsTab'), list: <CrudPage entity={patrolRecordView} /> },
      ]}
    />
  );
}

/** The tasks the job made, 巡检 to check their points, 关闭 on open ones. */
function PatrolTasks() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [closing, setClosing] = useState<{ id: string; reload: () => void }>();
  const [checking, setChecking] = useState<{ task: Row; reload: () => void }>();
  return (
    <>
      <CrudPage
        entity={patrolTaskEntity}
        rowActions={(row, reload) => (
          <>
            <Button type="link" size="small" onClick={() => setChecking({ task: row, reload })}>
              {t('service.checkPoints')}
            </Button>
            {OPEN_TASK.includes(Number(row.status)) && buttons.has('patroltask_close') && (
              <Button type="link" size="small" danger onClick={() => setClosing({ id: String(row.id), reload })}>
                {t('service.close')}
              </Button>
            )}
          </>
        )}
      />
      {closing && (
        <CloseDialog entity={patrolTaskEntity} id={closing.id} onSaved={closing.reload} onClose={() => setClosing(undefined)} />
      )}
      {checking && <TaskPointsDrawer task={checking.task} onChanged={checking.reload} onClose={() => setChecking(undefined)} />}
    </>
  );
}

/** The points of a task in route order, each with its state and result; 巡检 on a waiting point of an open task. */
function TaskPointsDrawer({ task, onChanged, onClose }: { task: Row; onChanged: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const buttons = useButtons();
  const queries = useQueryClient();
  const key = ['patrol-task-points', String(task.id)];
  const points = useQuery({
    queryKey: key,
    queryFn: () => api.get<Page<Row>>('/system-property/patroltaskpoints/list', { taskId: task.id, size: 100 }),
    staleTime: 0,
  });
  const states = useOptions(() => dictionaryOptions('patrol_point_status'));
  const results = useOptions(() => dictionaryOptions('patrol_result'));
  const [checking, setChecking] = useState<Row>();
  const labelOf = (options: typeof states, value: unknown) => options.find((o) => String(o.value) === String(value))?.label ?? '';
  const canCheck = OPEN_TASK.includes(Number(task.status)) && buttons.has('patroltask_edit');
  return (
    <Drawer
      open
      width={560}
      title={`${t('service.taskPoints')} - ${String(task.planName ?? '')} ${String(task.taskDate ?? '')}`}
      onClose={onClose}
      destroyOnHidden
    >
      <List
        loading={points.isLoading}
        dataSource={points.data?.records ?? []}
        renderItem={(point) => (
          <List.Item
            key={String(point.id)}
            actions={
              canCheck && Number(point.status) === TASK_POINT_STATUS.waiting
                ? [
                    <Button key="check" size="small" type="primary" onClick={() => setChecking(point)}>
                      {t('service.check')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <Space>
                  {String(point.pointName ?? '')}
                  <Tag
                    color={
                      Number(point.status) === TASK_POINT_STATUS.missed
                        ? 'error'
                        : Number(point.status) === TASK_POINT_STATUS.checked
                          ? 'success'
                          : 'default'
                    }
                  >
                    {labelOf(states, point.status)}
                  </Tag>
                  {point.result ? <Tag>{labelOf(results, point.result)}</Tag> : null}
                </Space>
              }
              description={
                <span style={{ whiteSpace: 'pre-line' }}>
                  {String(point.checkItems ?? '')}
                  {point.checkTime ? `\n${String(point.checkUserName ?? '')} · ${String(point.checkTime)}` : ''}
                  {point.remark ? `\n${String(point.remark)}` : ''}
                </span>
              }
            />
          </List.Item>
        )}
      />
      {checking && (
        <CheckDialog
          point={checking}
          results={results}
          onClose={() => setChecking(undefined)}
          onSaved={() => {
            void queries.invalidateQueries({ queryKey: key });
            onChanged();
          }}
        />
      )}
    </Drawer>
  );
}

function CheckDialog({
  point,
  results,
  onSaved,
  onClose,
}: {
  point: Row;
  results: Array<{ label: string; value: string | number }>;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ result: number; remark?: string; images?: string }>();
  const save = async (values: { result: number; remark?: string; images?: string }) => {
    await api.post('/system-property/patroltaskpoints/submit', { id: point.id, ...values });
    return t('common.operationSuccess');
  };
  return (
    <FormDialog
      title={t('service.checkTitle', { name: String(point.pointName ?? '') })}
      okText={t('common.confirm')}
      form={form}
      save={save}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form form={form} name="patrol-check" layout="vertical" initialValues={{ result: 1 }}>
        <Form.Item
          name="result"
          label={t('service.result')}
          rules={[{ required: true, message: t('errors.patrolResultRequired') }]}
        >
          <Radio.Group options={results} />
        </Form.Item>
        <Form.Item name="remark" label={t('service.remark')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="images" label={t('service.stepPhotos')}>
          <PhotosInput bucket="patrol" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
