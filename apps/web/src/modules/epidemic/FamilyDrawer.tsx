import { epidemicFamilyEntity } from '@property/domain';
import { Drawer } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n';
import { usePhoneWidth } from '../../app/screen';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { epidemicColumns } from './columns';

/**
 * 同住家属 of one health registration: the generic list of its members (add, edit, remove), each judged by the
 * registration's limit; a change can change the registration's own mark, so the list behind is read again.
 */
export function FamilyDrawer({ info, onClose, onChanged }: { info: Row; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const phone = usePhoneWidth();
  const scope = useMemo(() => ({ epidemicInfoId: String(info.id) }), [info.id]);
  const overrides = useMemo(() => epidemicColumns(epidemicFamilyEntity, t), [t]);
  return (
    <Drawer
      open
      width={phone ? '100%' : 960}
      title={t('epidemic.familyOf', { name: String(info.name ?? '') })}
      onClose={onClose}
      destroyOnHidden
    >
      <CrudPage
        entity={epidemicFamilyEntity}
        fixedQuery={scope}
        addDefaults={scope}
        inAddress={false}
        fieldOverrides={overrides}
        onChanged={onChanged}
      />
    </Drawer>
  );
}
