import { ownerExamineEntity } from '@property/domain';
import { Button } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useGarden } from '../../app/garden';
import { CrudPage } from '../../crud/CrudPage';
import { ExamineDrawer } from './ExamineDrawer';

/** 业主审核: the applications sent from the residents' app, pending first, each opened to approve or reject. */
export default function ExamineScreen() {
  const { t } = useTranslation();
  const { gardenId } = useGarden();
  const scope = useMemo(() => (gardenId ? { gardenId } : undefined), [gardenId]);
  const [open, setOpen] = useState<string>();
  const reloadList = useRef<() => void>(undefined);
  return (
    <>
      <CrudPage
        entity={ownerExamineEntity}
        listPath="/examine-list-page"
        fixedQuery={scope}
        rowActions={(row, reload) => {
          reloadList.current = reload;
          return (
            <Button type="link" size="small" onClick={() => setOpen(String(row.id))}>
              {t('community.audit')}
            </Button>
          );
        }}
      />
      {open && <ExamineDrawer id={open} onClose={() => setOpen(undefined)} onReviewed={() => reloadList.current?.()} />}
    </>
  );
}
