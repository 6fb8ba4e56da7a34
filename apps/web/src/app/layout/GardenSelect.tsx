import { Select } from 'antd';
import { useTranslation } from '../i18n';
import { useGarden } from '../garden';

/** The header's garden selector (spec §2.2); nothing when the user has no gardens. */
export function GardenSelect() {
  const { t } = useTranslation();
  const { gardenId, gardens, choose } = useGarden();
  if (gardens.length === 0) return null;
  return (
    <Select
      size="small"
      aria-label={t('common.gardenSelect')}
      placeholder={t('common.gardenSelect')}
      style={{ width: 160, margin: '0 8px' }}
      value={gardenId}
      onChange={choose}
      showSearch
      optionFilterProp="label"
      options={gardens.map((g) => ({ value: g.gardenId, label: g.gardenName }))}
    />
  );
}
