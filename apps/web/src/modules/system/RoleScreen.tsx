import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import { RoleGrantDialog } from './RoleGrantDialog';
import { entityOf, SelectionButton } from './shared';

const roleEntity = entityOf('role');

/** Roles: a tree table, with 权限设置 (menus, data scopes, API scopes) for the selected roles. */
export default function RoleScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [granting, setGranting] = useState<string[]>();
  return (
    <>
      <CrudPage
        entity={roleEntity}
        tree="all"
        toolbar={(selected) =>
          buttons.has('role_grant')
            ? [
                <SelectionButton key="grant" selected={selected} onRun={setGranting}>
                  {t('common.grant')}
                </SelectionButton>,
              ]
            : []
        }
      />
      {granting && <RoleGrantDialog roleIds={granting} onClose={() => setGranting(undefined)} />}
    </>
  );
}
