import { auditLogEntity, ENTITIES, type Locale } from '@property/domain';
import { Button, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/columns';
import { ChangeTable, type Change } from '../../crud/HistoryDrawer';

const entityByName = new Map(ENTITIES.map((e) => [e.name, e]));

/**
 * 操作审计: every change of the tenant's rows, newest first, searchable by
 * data type, row, change, account, IP, request id and time; 变更内容 shows a
 * change's fields before and after.
 */
export default function AuditScreen() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;
  const [open, setOpen] = useState<Row>();
  const overrides = useMemo(
    () => ({
      entityName: {
        render: (_: unknown, row: Row) => {
          const entity = entityByName.get(String(row.entityName ?? ''));
          return entity ? entity.label[locale] : String(row.entityName ?? '');
        },
      },
      requestId: { hideInTable: true },
    }),
    [locale],
  );
  const entity = open ? entityByName.get(String(open.entityName ?? '')) : undefined;
  return (
    <>
      <CrudPage
        entity={auditLogEntity}
        noView
        fieldOverrides={overrides}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setOpen(row)}>
            {t('fields.auditLog.changes')}
          </Button>
        )}
      />
      {open && (
        <Drawer open width={640} title={t('fields.auditLog.changes')} onClose={() => setOpen(undefined)} destroyOnHidden>
          <ChangeTable entity={entity} changes={(open.changes ?? null) as Record<string, Change> | null} />
        </Drawer>
      )}
    </>
  );
}
