import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import { TopMenuGrantDialog } from './TopMenuGrantDialog';
import { entityOf } from './shared';

const topMenuEntity = entityOf('topmenu');

/** Top menus, each with 菜单配置: the menus it shows. */
export default function TopMenuScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [editing, setEditing] = useState<string>();
  return (
    <>
      <CrudPage
        entity={topMenuEntity}
        rowActions={(row) =>
          buttons.has('topmenu_setting') && (
            <Button type="link" size="small" onClick={() => setEditing(String(row.id))}>
              {t('common.menuGrant')}
            </Button>
          )
        }
      />
      {editing && <TopMenuGrantDialog topMenuId={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
