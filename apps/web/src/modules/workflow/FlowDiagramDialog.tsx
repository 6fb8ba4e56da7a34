import { Modal, Space } from 'antd';
import { useTranslation } from '../../app/i18n';
import { FlowDiagram, FlowHistory, type DiagramOf } from './FlowDiagram';

/** 流程图 / 跟踪: a process's diagram in a dialog; an instance's with its history below. */
export function FlowDiagramDialog({ of, name, onClose }: { of: DiagramOf; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open width={960} title={t('flow.diagramOf', { name })} footer={null} onCancel={onClose} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <FlowDiagram of={of} />
        {'processInstanceId' in of && <FlowHistory processInstanceId={of.processInstanceId} />}
      </Space>
    </Modal>
  );
}
