import { carEntity, checkPlate } from '@property/domain';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { rulesOf } from '../../crud/columns';
import { FormDialog } from './FormDialog';
import type { OwnerDialogProps } from './FamilyDialog';

const FIELDS = carEntity.fields;
const PROVINCES = (FIELDS.carArea!.choices ?? []).map((p) => ({ value: p, label: p }));

/** The plate's parts as saved: trimmed and upper-case. */
export function plateParts(values: { carArea?: string; carCity?: string; carNumber?: string }) {
  const clean = (v?: string) => (v ?? '').trim().toUpperCase();
  return { carArea: clean(values.carArea), carCity: clean(values.carCity), carNumber: clean(values.carNumber) };
}

/** 添加车辆: a car of the owner, parked at one of the owner's houses (carlist/submit); the plate checked as the server checks it. */
export function CarDialog({ ownerId, houses, onClose, onSaved }: OwnerDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const save = async (values: Record<string, string | undefined>) => {
    const plate = plateParts(values);
    const problem = checkPlate(plate.carArea, plate.carCity, plate.carNumber);
    if (problem) {
      form.setFields([{ name: 'carNumber', errors: [t(`errors.${problem}`)] }]);
      return false;
    }
    await api.post('/citizen-user/carlist/submit', { ...values, ...plate, ownerId });
    return t('common.addSuccess');
  };
  return (
    <FormDialog title={t('community.addCar')} form={form} save={save} onClose={onClose} onSaved={onSaved}>
      <Form form={form} name="car" layout="vertical" initialValues={{ houseId: houses[0]?.value }}>
        <Form.Item name="houseId" label={t('community.familyHouse')}>
          <Select allowClear options={houses} />
        </Form.Item>
        <Space align="start">
          <Form.Item name="carArea" label={t('fields.car.carArea')} rules={rulesOf(FIELDS.carArea!)}>
            <Select style={{ width: 90 }} showSearch options={PROVINCES} />
          </Form.Item>
          <Form.Item name="carCity" label={t('fields.car.carCity')} rules={rulesOf(FIELDS.carCity!)}>
            <Input style={{ width: 90 }} maxLength={1} />
          </Form.Item>
          <Form.Item name="carNumber" label={t('fields.car.carNumber')} rules={rulesOf(FIELDS.carNumber!)}>
            <Input style={{ width: 160 }} maxLength={6} />
          </Form.Item>
        </Space>
      </Form>
    </FormDialog>
  );
}
