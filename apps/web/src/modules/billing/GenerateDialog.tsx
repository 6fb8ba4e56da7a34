import type { GenerationPreview } from '@property/domain';
import { Alert, Button, DatePicker, Descriptions, Form, Modal, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useGarden } from '../../app/garden';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import type { Row } from '../../crud/columns';
import { quietly } from '../community/quietly';
import { buildingOptions, unitOptions } from '../community/house-picker';
import type { Option } from '../community/use-options';
import { generationParams, sameScope, type GenerationForm } from './generation';
import { yuan } from '../../app/money-text';

const BILLS = '/system-property/paymentbill';

type Preview = typeof GenerationPreview.static;

/**
 * 生成账单: a garden (the header's by default), optionally one building and one of its units, the charge items (all of the garden's when
 * none is picked) and the month → 预览 asks the server how many bills the run would add and their total (nothing is
 * written) → 生成 queues the run, whose progress JobRunDialog then follows (onStarted). 生成 is offered only for
 * the scope last previewed.
 */
export default function GenerateDialog({
  gardenId,
  onClose,
  onStarted,
}: {
  gardenId?: string;
  onClose: () => void;
  onStarted: (runId: string) => void;
}) {
  const { t } = useTranslation();
  const { gardens } = useGarden();
  const [form] = Form.useForm<GenerationForm>();
  const garden = Form.useWatch('gardenId', form);
  const building = Form.useWatch('buildingId', form);
  const values = Form.useWatch([], form);
  const [buildings, setBuildings] = useState<Option[]>([]);
  const [units, setUnits] = useState<Option[]>([]);
  const [items, setItems] = useState<Option[]>([]);
  const [preview, setPreview] = useState<{ scope: GenerationForm; answer: Preview }>();
  const [busy, setBusy] = useState<'preview' | 'generate'>();

  useEffect(() => {
    setBuildings([]);
    setItems([]);
    if (!garden) return;
    void buildingOptions(garden)
      .then(setBuildings)
      .catch(() => undefined);
    void api
      .get<Row[]>('/system-property/paymentitems/list-all', { gardenId: garden })
      .then((rows) => setItems(rows.map((r) => ({ value: String(r.id), label: String(r.itemName) }))))
      .catch(() => undefined);
  }, [garden]);

  useEffect(() => {
    setUnits([]);
    if (!building) return;
    void unitOptions(building)
      .then(setUnits)
      .catch(() => undefined);
  }, [building]);

  const run = async (step: 'preview' | 'generate') => {
    const scope = await form.validateFields();
    setBusy(step);
    try {
      if (step === 'preview') {
        const answer = await api.post<Preview>(`${BILLS}/generate-preview`, generationParams(scope));
        setPreview({ scope, answer });
      } else {
        const { runId } = await api.post<{ runId: string }>(`${BILLS}/generate`, generationParams(scope));
        onStarted(runId);
      }
    } finally {
      setBusy(undefined);
    }
  };
  const previewed = !!preview && !!values && sameScope(preview.scope, values);

  return (
    <Modal
      open
      width={720}
      title={t('billing.generateTitle')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button loading={busy === 'preview'} onClick={() => void quietly(() => run('preview'))}>
            {t('billing.preview')}
          </Button>
          <Button
            type="primary"
            loading={busy === 'generate'}
            disabled={!previewed || preview.answer.count === 0}
            onClick={() => void quietly(() => run('generate'))}
          >
            {t('billing.generate')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="bill-generate"
        layout="vertical"
        initialValues={{ gardenId, period: dayjs().startOf('month') }}
        onValuesChange={(changed: Partial<GenerationForm>) => {
          if ('gardenId' in changed) form.setFieldsValue({ buildingId: undefined, unitId: undefined, itemIds: [] });
          if ('buildingId' in changed) form.setFieldsValue({ unitId: undefined });
        }}
      >
        <Form.Item
          name="gardenId"
          label={t('fields.paymentBill.gardenId')}
          rules={[{ required: true, message: t('errors.generateScopeRequired') }]}
        >
          <GardenSelect options={gardens.map((g) => ({ value: g.gardenId, label: g.gardenName }))} />
        </Form.Item>
        <Form.Item name="buildingId" label={t('billing.building')} extra={t('billing.buildingAll')}>
          <Select options={buildings} allowClear showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="unitId" label={t('billing.unit')} extra={t('billing.unitAll')}>
          <Select options={units} allowClear showSearch optionFilterProp="label" disabled={!building} />
        </Form.Item>
        <Form.Item name="itemIds" label={t('billing.items')} extra={t('billing.itemsAll')}>
          <Select mode="multiple" options={items} allowClear optionFilterProp="label" />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('fields.paymentBill.period')}
          rules={[{ required: true, message: t('errors.periodRequired') }]}
        >
          <DatePicker picker="month" format="YYYY-MM" allowClear={false} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      {preview && (
        <div role="status" aria-live="polite">
          {!previewed && <Alert type="info" showIcon message={t('billing.previewStale')} style={{ marginBottom: 8 }} />}
          <Descriptions bordered size="small" column={2} title={t('billing.previewTitle', { period: preview.answer.period })}>
            <Descriptions.Item label={t('billing.previewCount')}>{preview.answer.count}</Descriptions.Item>
            <Descriptions.Item label={t('billing.previewTotal')}>{yuan(preview.answer.total)}</Descriptions.Item>
            <Descriptions.Item label={t('billing.previewExisting')}>{preview.answer.existing}</Descriptions.Item>
            <Descriptions.Item label={t('billing.previewProblems')}>{preview.answer.problemCount}</Descriptions.Item>
          </Descriptions>
          {preview.answer.problems.length > 0 && (
            <ul className="generation-problems">
              {preview.answer.problems.slice(0, 5).map((p, i) => (
                <li key={i}>{`${p.houseName ?? ''} ${p.itemName ?? ''}: ${p.message}`}</li>
              ))}
            </ul>
          )}
          {preview.answer.count === 0 && <Alert type="warning" showIcon message={t('billing.previewNothing')} />}
        </div>
      )}
    </Modal>
  );
}

/**
 * The garden picker takes only what it uses: Form.Item hands a required field's control aria-required, which antd's
 * Select puts on an element without a role (axe aria-allowed-attr, critical), so it is not passed on.
 */
function GardenSelect({
  id,
  value,
  onChange,
  options,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  options: Option[];
}) {
  return <Select id={id} value={value} onChange={onChange} showSearch optionFilterProp="label" options={options} />;
}
