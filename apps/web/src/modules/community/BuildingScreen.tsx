import { buildingEntity } from '@property/domain';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useGarden } from '../../app/garden';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import { BuildingBatchDialog } from './BuildingBatchDialog';

/** 楼栋管理: the buildings of the header's garden, plus 批量新增 (building_batch). */
export default function BuildingScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const { gardenId } = useGarden();
  const [batchOpen, setBatchOpen] = useState(false);
  const reloadList = useRef<() => void>(undefined);
  return (
    <>
      <CrudPage
        entity={buildingEntity}
        fixedQuery={gardenId ? { gardenId } : undefined}
        addDefaults={gardenId ? { gardenId } : undefined}
        toolbar={(_selected, reload) => {
          reloadList.current = reload;
          return buttons.has('building_batch')
            ? [
                <Button key="batch" onClick={() => setBatchOpen(true)}>
                  {t('community.batchAdd')}
                </Button>,
              ]
            : [];
        }}
      />
      {batchOpen && <BuildingBatchDialog onClose={() => setBatchOpen(false)} onSaved={() => reloadList.current?.()} />}
    </>
  );
}
