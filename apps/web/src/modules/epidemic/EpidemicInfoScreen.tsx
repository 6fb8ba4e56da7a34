import { epidemicInfoEntity } from '@property/domain';
import { Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useGarden } from '../../app/garden';
import { useTranslation } from '../../app/i18n';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { gardenPickers } from '../community/garden-pickers';
import { epidemicColumns } from './columns';
import { FamilyDrawer } from './FamilyDrawer';
import { RegionCascader } from './RegionCascader';

/**
 * 疫情信息: the header garden's health registrations, newest first, an abnormal one tagged 异常 and the list
 * searchable by the mark; the from-region picked province then city; 家属 opens the registration's household.
 */
export default function EpidemicInfoScreen() {
  const { t } = useTranslation();
  const { gardenId } = useGarden();
  const scope = useMemo(() => (gardenId ? { gardenId } : undefined), [gardenId]);
  const [householdOf, setHouseholdOf] = useState<Row>();
  const reloadList = useRef<() => void>(undefined);
  const overrides = useMemo(
    () => ({
      ...epidemicColumns(epidemicInfoEntity, t),
      ...(gardenId ? gardenPickers(epidemicInfoEntity, gardenId) : {}),
      // The code is the form's; the list shows the names the server kept with it.
      fromRegion: { hideInTable: true, renderFormItem: () => <RegionCascader /> },
      temperatureLimit: { ...epidemicColumns(epidemicInfoEntity, t).temperatureLimit, hideInTable: true },
    }),
    [gardenId, t],
  );
  return (
    <>
      <CrudPage
        entity={epidemicInfoEntity}
        fixedQuery={scope}
        addDefaults={scope}
        fieldOverrides={overrides}
        rowActions={(row, reload) => {
          reloadList.current = reload;
          return (
            <Button type="link" size="small" onClick={() => setHouseholdOf(row)}>
              {t('epidemic.family')}
            </Button>
          );
        }}
      />
      {householdOf && (
        <FamilyDrawer info={householdOf} onClose={() => setHouseholdOf(undefined)} onChanged={() => reloadList.current?.()} />
      )}
    </>
  );
}
