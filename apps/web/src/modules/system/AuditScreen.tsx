import { auditLogEntity, ENTITIES, type Locale } from '@property/domain';
import { Button, Drawer } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/columns';
import { ChangeTable, type Change } from '../../crud/HistoryDrawer';

const entityByName = new Map(ENTITIES.map((e) => [e.name, e]));

/** The data types the trail holds (every entity but those that opt out), by their names in `locale`. */
export function auditedEntityOptions(locale: Locale): Array<{ value: string; label: string }> {
  return ENTITIES.filter((e) => e.audit !== false)
    .map((e) => ({ value: e.name, label: e.label[locale] }))
    .sort((a, b) => a.label.localeCompare(b.label, locale === 'zh' ? 'zh-CN' : 'en'));
}

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
      // Searched by picking a data type by its name (the stored value is the definition's name); the table
      // shows the same names.
      entityName: {
        valueType: 'select' as const,
        request: async () => auditedEntityOptions(locale),
        params: { locale },
        fieldProps: { showSearch: true, optionFilterProp: 'label' },
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
