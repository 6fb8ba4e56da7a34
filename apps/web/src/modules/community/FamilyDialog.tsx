import { checkPhone, familyEntity } from '@property/domain';
import { Form, Input, Modal, Select, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/http';
import { rulesOf } from '../../crud/columns';
import { dictionaryOptions } from '../../crud/dictionaries';
import './messages';
import { quietly } from './quietly';
import { useOptions, type Option } from './use-options';

const FIELDS = familyEntity.fields;

/** 添加家属: a family member of the owner in one of the owner's houses (owner/submit-family). */
export function FamilyDialog({
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
  const relations = useOptions(() => dictionaryOptions('relation_type'));
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await api.post('/owner/submit-family', { ...values, ownerId }, undefined, { noClientHeader: true });
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
      title={t('community.addFamily')}
      onCancel={onClose}
      onOk={() => void quietly(save)}
      confirmLoading={saving}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} name="family" layout="vertical" initialValues={{ houseId: houses[0]?.value }}>
        <Form.Item name="houseId" label={t('community.familyHouse')} rules={rulesOf(FIELDS.houseId!)}>
          <Select options={houses} />
        </Form.Item>
        <Form.Item name="name" label={t('fields.family.name')} rules={rulesOf(FIELDS.name!)}>
          <Input maxLength={FIELDS.name!.maxLength} />
        </Form.Item>
        <Form.Item name="relation" label={t('fields.family.relation')} rules={rulesOf(FIELDS.relation!)}>
          <Select options={relations} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('fields.family.phone')}
          rules={[
            {
              validator: async (_r, value) => {
                if (value) {
                  const problem = checkPhone(value);
                  if (problem) throw new Error(problem);
                }
              },
            },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
