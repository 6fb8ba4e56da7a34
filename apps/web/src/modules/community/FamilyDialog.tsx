import { checkMobile, familyEntity } from '@property/domain';
import { Form, Input, Select } from 'antd';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { rulesOf } from '../../crud/columns';
import { dictionaryOptions } from '../../crud/dictionaries';
import { FormDialog } from './FormDialog';
import { useOptions, type Option } from './use-options';

const FIELDS = familyEntity.fields;

/** What the owner detail's add dialogs get: the owner, and the houses it is bound to (the first preselected). */
export interface OwnerDialogProps {
  ownerId: string;
  houses: Option[];
  onClose: () => void;
  onSaved: () => void;
}

/** 添加家属: a family member of the owner in one of the owner's houses (owner/submit-family). */
export function FamilyDialog({ ownerId, houses, onClose, onSaved }: OwnerDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const relations = useOptions(() => dictionaryOptions('relation_type'));
  const save = async (values: Record<string, unknown>) => {
    await api.post('/owner/submit-family', { ...values, ownerId }, undefined, { noClientHeader: true });
    return t('common.addSuccess');
  };
  return (
    <FormDialog title={t('community.addFamily')} form={form} save={save} onClose={onClose} onSaved={onSaved}>
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
                  const problem = checkMobile(value);
                  if (problem) throw new Error(t(`errors.${problem}`));
                }
              },
            },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
