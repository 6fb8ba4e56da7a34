import { flowModelEntity } from '@property/domain';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Upload, message, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { FormDialog } from '../community/FormDialog';
import type { FlowDefinition, FlowItem } from './flow-api';
import { FlowTable } from './FlowTable';
import { ModelerDialog, type ModelRow } from './ModelerDialog';
import { definitionColumns, RowButton, useDiagram, useMenuTitle } from './WorkScreens';

/** 模型管理: the models (generic list), 新建模型 / 设计 in the BPMN modeler, 部署 as the next version of its key. */
export function ModelScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [designing, setDesigning] = useState<{ row: ModelRow | null; reload: () => void }>();
  const overrides = useMemo(() => ({ xml: { hideInTable: true, search: false as const } }), []);
  const deploy = async (row: Row) => {
    const deployed = await api.post<FlowDefinition>('/blade-flow/model/deploy', undefined, { modelId: String(row.id) });
    void message.success(t('flow.deployed', { n: deployed.version }));
  };
  return (
    <>
      <CrudPage
        entity={flowModelEntity}
        fieldOverrides={overrides}
        toolbar={(_, reload) =>
          buttons.has('model_add')
            ? [
                <Button key="design" onClick={() => setDesigning({ row: null, reload })}>
                  {t('flow.newModel')}
                </Button>,
              ]
            : []
        }
        rowActions={(row, reload) => (
          <>
            {buttons.has('model_edit') && (
              <RowButton label={t('flow.design')} onClick={() => setDesigning({ row: row as unknown as ModelRow, reload })} />
            )}
            {buttons.has('model_deploy') && (
              <RowButton label={t('flow.deploy')} onClick={() => void deploy(row).catch(() => undefined)} />
            )}
          </>
        )}
      />
      {designing && <ModelerDialog row={designing.row} onSaved={designing.reload} onClose={() => setDesigning(undefined)} />}
    </>
  );
}

/** 流程管理 (deployments): every version; 部署上传 a BPMN file, 变更状态 suspend/activate, 流程图, 删除. */
export function DeployScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [diagram, openDiagram] = useDiagram();
  const title = useMenuTitle();
  const columns: TableColumnsType<FlowDefinition> = [
    ...definitionColumns(t),
    { key: 'resource', title: t('flow.resourceName'), dataIndex: 'resourceName' },
  ];
  const changeState = async (row: FlowDefinition, reload: () => void) => {
    const state = row.suspended ? 'active' : 'suspend';
    await api.post('/blade-flow/manager/change-state', undefined, { processId: row.id, state });
    void message.success(t('common.operationSuccess'));
    reload();
  };
  const remove = (row: FlowDefinition, reload: () => void) =>
    Modal.confirm({
      title: t('common.deleteTitle'),
      content: t('flow.deleteDeploymentConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api.post('/blade-flow/manager/delete-deployment', undefined, { deploymentIds: row.id });
        void message.success(t('common.deleteSuccess'));
        reload();
      },
    });
  const upload = async (file: File, reload: () => void) => {
    const form = new FormData();
    form.set('file', file, file.name);
    const deployed = await api.post<FlowDefinition>('/blade-flow/manager/deploy-upload', form);
    void message.success(t('flow.deployed', { n: deployed.version }));
    reload();
  };
  return (
    <>
      <FlowTable<FlowDefinition>
        title={title}
        path="/blade-flow/manager/list"
        rowKey={(row) => row.id}
        columns={columns}
        tools={(reload) =>
          buttons.has('deploy_upload') && (
            <Upload
              accept=".bpmn,.xml"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file, reload).catch(() => undefined);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} title={t('flow.deployUploadHint')}>
                {t('flow.deployUpload')}
              </Button>
            </Upload>
          )
        }
        actions={(row, reload) => (
          <>
            {buttons.has('deploy_state') && (
              <RowButton
                label={t(row.suspended ? 'flow.activate' : 'flow.suspend')}
                onClick={() => void changeState(row, reload).catch(() => undefined)}
              />
            )}
            {buttons.has('deploy_image') && (
              <RowButton label={t('flow.diagram')} onClick={() => openDiagram({ processDefinitionId: row.id }, row.name)} />
            )}
            {buttons.has('deploy_delete') && <RowButton danger label={t('common.delete')} onClick={() => remove(row, reload)} />}
          </>
        )}
      />
      {diagram}
    </>
  );
}

/** 流程跟踪: the tenant's running instances; 流程图 with history, 删除 with a reason. */
export function FollowScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [diagram, openDiagram] = useDiagram();
  const [deleting, setDeleting] = useState<{ row: FlowItem; reload: () => void }>();
  const title = useMenuTitle();
  const columns: TableColumnsType<FlowItem> = [
    { key: 'process', title: t('flow.processName'), dataIndex: 'processDefinitionName' },
    {
      key: 'version',
      title: t('flow.version'),
      render: (_: unknown, row) => t('flow.versionN', { n: row.processDefinitionVersion }),
    },
    { key: 'step', title: t('flow.taskName'), dataIndex: 'historyActivityName' },
    { key: 'applicant', title: t('flow.startUser'), dataIndex: 'startUserName' },
    { key: 'created', title: t('flow.createTime'), dataIndex: 'createTime' },
  ];
  return (
    <>
      <FlowTable<FlowItem>
        title={title}
        path="/blade-flow/follow/list"
        rowKey={(row) => String(row.processInstanceId)}
        columns={columns}
        actions={(row, reload) => (
          <>
            {buttons.has('follow_image') && (
              <RowButton
                label={t('flow.diagram')}
                onClick={() => openDiagram({ processInstanceId: String(row.processInstanceId) }, row.processDefinitionName)}
              />
            )}
            {buttons.has('follow_delete') && (
              <RowButton danger label={t('common.delete')} onClick={() => setDeleting({ row, reload })} />
            )}
          </>
        )}
      />
      {diagram}
      {deleting && <DeleteInstanceDialog item={deleting.row} onSaved={deleting.reload} onClose={() => setDeleting(undefined)} />}
    </>
  );
}

function DeleteInstanceDialog({ item, onSaved, onClose }: { item: FlowItem; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ deleteReason: string }>();
  const save = async (values: { deleteReason: string }) => {
    await api.post('/blade-flow/follow/delete-process-instance', undefined, {
      processInstanceId: item.processInstanceId,
      deleteReason: values.deleteReason.trim(),
    });
    return t('common.deleteSuccess');
  };
  return (
    <FormDialog
      title={t('flow.deleteInstance')}
      okText={t('common.confirm')}
      form={form}
      save={save}
      onSaved={onSaved}
      onClose={onClose}
    >
      <Form form={form} name="flow-delete-instance" layout="vertical">
        <Form.Item
          name="deleteReason"
          label={t('flow.deleteReason')}
          rules={[{ required: true, whitespace: true, message: t('errors.flowDeleteReasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
