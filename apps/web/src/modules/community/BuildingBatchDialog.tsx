import { buildingBatchForm, buildingEntity } from '@property/domain';
import { Col, Divider, Form, Input, InputNumber, Row as GridRow, Select, Typography } from 'antd';
import { useTranslation } from '../../app/i18n';
import { useGarden } from '../../app/garden';
import type { BuildingBatchSaved } from '../../app/answers';
import { api } from '../../app/http';
import { rulesOf } from '../../crud/columns';
import { dictionaryOptions } from '../../crud/dictionaries';
import { BatchPreviewTable } from './BatchPreviewTable';
import { batchPreview } from './building-preview';
import { FormDialog } from './FormDialog';
import { useOptions } from './use-options';

const FIELDS = buildingBatchForm.fields;

/**
 * 批量新增: a building's units, floors and houses a floor; the house numbers
 * are previewed as they are typed (the same numbering the server saves), then
 * building/batchsave creates them all or nothing.
 */
export function BuildingBatchDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { gardenId, gardens } = useGarden();
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) ?? {};
  const preview = batchPreview(values);
  const buildingTypes = useOptions(() => dictionaryOptions('building_type'));
  const houseTypes = useOptions(() => dictionaryOptions('house_type'));
  const houseStatuses = useOptions(() => dictionaryOptions('house_status'));

  const save = async (body: Record<string, unknown>) => {
    // The preview already shows why the numbers cannot be saved.
    if (preview.state === 'refused') return false;
    const saved = await api.post<BuildingBatchSaved>('/community-resource/building/batchsave', body);
    return t('community.batchSaved', { count: saved.houseCount });
  };

  const count = (key: 'unitCount' | 'floorCount' | 'houseCount' | 'startFloor', required = true) => (
    <Col span={6}>
      <Form.Item
        name={key}
        label={t(`fields.buildingBatch.${key}`)}
        rules={required ? rulesOf(FIELDS[key]!) : rulesOf({ ...FIELDS[key]!, required: undefined })}
      >
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );

  return (
    <FormDialog width={900} title={t('community.batchTitle')} form={form} save={save} onClose={onClose} onSaved={onSaved}>
      <Form form={form} name="building-batch" layout="vertical" initialValues={{ gardenId, startFloor: 1 }}>
        <GridRow gutter={16}>
          <Col span={8}>
            <Form.Item name="gardenId" label={t('fields.buildingBatch.gardenId')} rules={rulesOf(FIELDS.gardenId!)}>
              <Select
                showSearch
                optionFilterProp="label"
                options={gardens.map((g) => ({ value: g.gardenId, label: g.gardenName }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="buildingName"
              label={t('fields.buildingBatch.buildingName')}
              rules={[
                { required: true, whitespace: true, message: t(`errors.${buildingEntity.fields.buildingName!.required!}`) },
              ]}
            >
              <Input maxLength={FIELDS.buildingName!.maxLength} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="buildingType" label={t('fields.buildingBatch.buildingType')}>
              <Select allowClear options={buildingTypes} />
            </Form.Item>
          </Col>
          {count('unitCount')}
          {count('floorCount')}
          {count('houseCount')}
          {count('startFloor', false)}
          <Col span={6}>
            <Form.Item name="builtArea" label={t('fields.buildingBatch.builtArea')} rules={rulesOf(FIELDS.builtArea!)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="innerArea" label={t('fields.buildingBatch.innerArea')} rules={rulesOf(FIELDS.innerArea!)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="houseType" label={t('fields.buildingBatch.houseType')}>
              <Select allowClear options={houseTypes} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="houseStatus" label={t('fields.buildingBatch.houseStatus')}>
              <Select allowClear options={houseStatuses} />
            </Form.Item>
          </Col>
        </GridRow>
      </Form>
      <Divider orientation="left" plain>
        <Typography.Text strong>{t('community.preview')}</Typography.Text>
      </Divider>
      <BatchPreviewTable preview={preview} />
    </FormDialog>
  );
}
