import { useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api, type Page } from '../../app/http';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/columns';
import { entityOf, SelectionButton } from './shared';
import { TenantSettingsDialog, type TenantDialog } from './TenantDialogs';

const tenantEntity = entityOf('tenant');

const BUTTONS: Array<{ kind: TenantDialog; code: string; label: string; single: boolean }> = [
  { kind: 'setting', code: 'tenant_setting', label: 'system.tenantSetting', single: false },
  { kind: 'datasource', code: 'tenant_datasource', label: 'system.tenantDatasource', single: true },
  { kind: 'package', code: 'tenant_package', label: 'system.tenantPackage', single: true },
];

/** Tenants, with 授权配置 (quota, expiry), 数据源配置 and 产品包配置. */
export default function TenantScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [open, setOpen] = useState<{ kind: TenantDialog; rows: Row[] }>();
  const reloadList = useRef<() => void>(undefined);

  // The dialogs need the rows (tenantId, current values), the table hands over ids only.
  const openWith = async (kind: TenantDialog, ids: string[], reload: () => void) => {
    reloadList.current = reload;
    const page = await api.get<Page<Row>>('/blade-system/tenant/list', { size: 1000 });
    setOpen({ kind, rows: page.records.filter((r) => ids.includes(String(r.id))) });
  };

  return (
    <>
      <CrudPage
        entity={tenantEntity}
        toolbar={(selected, reload) =>
          BUTTONS.filter((b) => buttons.has(b.code)).map((b) => (
            <SelectionButton
              key={b.kind}
              single={b.single}
              selected={selected}
              onRun={(ids) => void openWith(b.kind, ids, reload)}
            >
              {t(b.label)}
            </SelectionButton>
          ))
        }
      />
      {open && open.rows.length > 0 && (
        <TenantSettingsDialog
          kind={open.kind}
          tenants={open.rows}
          onClose={(saved) => {
            if (saved) reloadList.current?.();
            setOpen(undefined);
          }}
        />
      )}
    </>
  );
}
