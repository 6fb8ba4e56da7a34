import { ownershipEntity } from '@property/domain';
import { Form, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useGarden } from '../../app/garden';
import type { Bound } from '../../app/answers';
import { api } from '../../app/http';
import type { Row } from '../../crud/columns';
import { buildingOptions, houseOptions, unitOptions } from './house-picker';
import { FormDialog } from './FormDialog';
import type { Option } from './use-options';

interface BindForm {
  gardenId?: string;
  buildingId?: string;
  unitId?: string;
  houseIds?: string[];
}

/** Options of a level, loaded whenever its parent's choice changes (none without a parent). */
function useLevel(parent: string | undefined, load: (id: string) => Promise<Option[]>): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    setOptions([]);
    if (parent)
      load(parent)
        .then((loaded) => live && setOptions(loaded))
        .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [parent, load]);
  return options;
}

/**
 * 绑定房屋: picks houses garden → building → unit → houses (several at once)
 * and binds the owner to them with owner/save-bind, all or nothing.
 */
export function OwnerBindDialog({ owner, onClose, onSaved }: { owner: Row; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { gardenId, gardens } = useGarden();
  const [form] = Form.useForm<BindForm>();
  const chosenGarden = Form.useWatch('gardenId', form);
  const chosenBuilding = Form.useWatch('buildingId', form);
  const chosenUnit = Form.useWatch('unitId', form);
  const buildings = useLevel(chosenGarden, buildingOptions);
  const units = useLevel(chosenBuilding, unitOptions);
  const houses = useLevel(chosenUnit, houseOptions);

  const save = async ({ houseIds = [] }: BindForm) => {
    const saved = await api.post<Bound>('/owner/save-bind', { ownerId: owner.id, houseIds }, undefined, {
      noClientHeader: true,
    });
    return t('community.bindSaved', { count: saved.added });
  };

  // A changed level clears the levels below it.
  const clearBelow = (changed: Partial<BindForm>) => {
    if ('gardenId' in changed) form.setFieldsValue({ buildingId: undefined, unitId: undefined, houseIds: [] });
    else if ('buildingId' in changed) form.setFieldsValue({ unitId: undefined, houseIds: [] });
    else if ('unitId' in changed) form.setFieldsValue({ houseIds: [] });
  };

  return (
    <FormDialog
      title={t('community.bindTitle', { owner: owner.name })}
      form={form}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form form={form} name="owner-bind" layout="vertical" initialValues={{ gardenId }} onValuesChange={clearBelow}>
        <Form.Item name="gardenId" label={t('community.pickGarden')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={gardens.map((g) => ({ value: g.gardenId, label: g.gardenName }))}
          />
        </Form.Item>
        <Form.Item name="buildingId" label={t('community.pickBuilding')}>
          <Select showSearch optionFilterProp="label" options={buildings} />
        </Form.Item>
        <Form.Item name="unitId" label={t('community.pickUnit')}>
          <Select showSearch optionFilterProp="label" options={units} />
        </Form.Item>
        <Form.Item
          name="houseIds"
          label={t('community.pickHouses')}
          rules={[{ required: true, type: 'array', min: 1, message: t(`errors.${ownershipEntity.fields.houseId!.required!}`) }]}
        >
          <Select mode="multiple" showSearch optionFilterProp="label" options={houses} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
