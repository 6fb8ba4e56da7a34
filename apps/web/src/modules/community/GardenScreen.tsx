import { gardenEntity } from '@property/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import { queryClient } from '../../app/query-client';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { MajordomoDialog } from './MajordomoDialog';

/** The header's garden selector lists the gardens: after a change it loads them again. */
const refreshGardenSelector = () => void queryClient.invalidateQueries({ queryKey: ['gardens'] });

/** 小区管理: the generic garden screen plus 管家配置 (garden_majordomo) on each row. */
export default function GardenScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [stewardsOf, setStewardsOf] = useState<Row>();
  return (
    <>
      <CrudPage
        entity={gardenEntity}
        onChanged={refreshGardenSelector}
        rowActions={(row) =>
          buttons.has('garden_majordomo') && (
            <Button type="link" size="small" onClick={() => setStewardsOf(row)}>
              {t('community.majordomo')}
            </Button>
          )
        }
      />
      {stewardsOf && <MajordomoDialog garden={stewardsOf} onClose={() => setStewardsOf(undefined)} />}
    </>
  );
}
