import { Form, Input, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { FormDialog } from '../community/FormDialog';
import type { OpenModel } from './bpmn-modeler';
import { PropertiesPanel } from './PropertiesPanel';

export interface ModelRow {
  id: string;
  modelKey: string;
  name: string;
  description?: string | null;
  xml: string;
}

type Values = { modelKey: string; name: string; description?: string };

/** 新建模型 / 设计: a model's key, name and description, and its BPMN drawn in bpmn-js's modeler; saved with model/submit. */
export function ModelerDialog({ row, onSaved, onClose }: { row: ModelRow | null; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const container = useRef<HTMLDivElement>(null);
  const model = useRef<OpenModel>(undefined);
  // The panel needs the open modeler too (a ref does not re-render it).
  const [opened, setOpened] = useState<OpenModel>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./bpmn-modeler')
      .then(async (m) => {
        if (!container.current) return;
        const opened = await m.openModeler(container.current, row?.xml ?? m.blankProcess('process1', t('flow.newModelName')));
        if (live) {
          model.current = opened;
          setOpened(opened);
        } else opened.destroy();
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      model.current?.destroy();
    };
  }, [row]);
  const save = async (values: Values) => {
    if (!model.current) return false;
    const xml = await model.current.save(values.modelKey, values.name);
    await api.post('/blade-flow/model/submit', { ...(row ? { id: row.id } : {}), ...values, xml });
    return t('flow.modelSaved');
  };
  return (
    <FormDialog title={t('flow.modeler')} width={1100} form={form} save={save} onSaved={onSaved} onClose={onClose}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Form
          form={form}
          name="flow-model"
          layout="inline"
          initialValues={row ? { modelKey: row.modelKey, name: row.name, description: row.description ?? '' } : {}}
        >
          <Form.Item
            name="modelKey"
            label={t('fields.flowModel.modelKey')}
            rules={[
              { required: true, message: t('errors.flowModelKeyRequired') },
              { pattern: /^[A-Za-z_][\w-]*$/, message: t('flow.keyPattern') },
            ]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('fields.flowModel.name')}
            rules={[{ required: true, message: t('errors.flowModelNameRequired') }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label={t('fields.flowModel.description')}>
            <Input maxLength={500} />
          </Form.Item>
        </Form>
        {failed && <div role="alert">{t('flow.diagramFailed')}</div>}
        <div className="flow-designer">
          <div ref={container} className="flow-modeler" role="application" aria-label={t('flow.modelerLabel')} />
          <PropertiesPanel model={opened} />
        </div>
      </Space>
    </FormDialog>
  );
}
