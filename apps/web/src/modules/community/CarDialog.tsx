import { carEntity, checkPlate, PLATE_PROVINCES } from '@property/domain';
import { Form, Input, Modal, Select, Space, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http';
import { rulesOf } from '../../crud/columns';
import './messages';
import { quietly } from './quietly';
import type { Option } from './use-options';

const FIELDS = carEntity.fields;
const PROVINCES = [...PLATE_PROVINCES].map((p) => ({ value: p, label: p }));

/** The plate's parts as saved: trimmed and upper-case. */
export function plateParts(values: { carArea?: string; carCity?: string; carNumber?: string }) {
  const clean = (v?: string) => (v ?? '').trim().toUpperCase();
  return { carArea: clean(values.carArea), carCity: clean(values.carCity), carNumber: clean(values.carNumber) };
}

/** 添加车辆: a car of the owner, parked at one of the owner's houses (carlist/submit); the plate checked as the server checks it. */
export function CarDialog({
  ownerId,
  houses,
  onClose,
  onSaved,
}: {
  ownerId: string;
  houses: Option[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    const plate = plateParts(values);
    const problem = checkPlate(plate.carArea, plate.carCity, plate.carNumber);
    if (problem) {
      form.setFields([{ name: 'carNumber', errors: [problem] }]);
      return;
    }
    setSaving(true);
    try {
      await api.post('/citizen-user/carlist/submit', { ...values, ...plate, ownerId });
      void message.success(t('common.addSuccess'));
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('community.addCar')}
      onCancel={onClose}
      onOk={() => void quietly(save)}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
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
    </Modal>
  );
}
