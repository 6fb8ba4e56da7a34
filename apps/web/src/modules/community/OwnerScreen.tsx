import { ownerEntity } from '@property/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useGarden } from '../../app/garden';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { OwnerBindDialog } from './OwnerBindDialog';
import { OwnerDetailDrawer } from './OwnerDetailDrawer';

/** 业主管理: the owners of the header's garden, with 绑定房屋 (owner_bind) and the owner detail drawer. */
export default function OwnerScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const { gardenId } = useGarden();
  const scope = useMemo(() => (gardenId ? { gardenId } : undefined), [gardenId]);
  const [bindTo, setBindTo] = useState<{ owner: Row; reload: () => void }>();
  const [detailOf, setDetailOf] = useState<string>();
  return (
    <>
      <CrudPage
        entity={ownerEntity}
        fixedQuery={scope}
        addDefaults={scope}
        rowActions={(row, reload) => (
          <>
            <Button type="link" size="small" onClick={() => setDetailOf(String(row.id))}>
              {t('community.detail')}
            </Button>
            {buttons.has('owner_bind') && (
              <Button type="link" size="small" onClick={() => setBindTo({ owner: row, reload })}>
                {t('community.bindHouse')}
              </Button>
            )}
          </>
        )}
      />
      {bindTo && <OwnerBindDialog owner={bindTo.owner} onClose={() => setBindTo(undefined)} onSaved={bindTo.reload} />}
      {detailOf && <OwnerDetailDrawer ownerId={detailOf} onClose={() => setDetailOf(undefined)} />}
    </>
  );
}
