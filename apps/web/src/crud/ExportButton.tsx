import type { ProColumns } from '@ant-design/pro-components';
import type { EntityDef } from '@property/domain';
import { Button, message } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../app/i18n';
import { RequestError } from '../app/http';
import type { Row } from './columns';
import { downloadXlsx, EXPORT_MAX, exportColumnsOf, fetchAllRows, sheetOf, TooManyRows } from './export';

/** Whether the list shows 导出: with the `<code>_export` button code, or on every list when no menu grants export codes. */
export function canExport(buttons: ReadonlySet<string>, permission: string): boolean {
  if (buttons.has(`${permission}_export`)) return true;
  for (const code of buttons) if (code.endsWith('_export')) return false;
  return true;
}

/**
 * 导出: every row of the list's current filters and sort (page by page), the
 * visible columns with their labels and display values, as
 * `<entity label> <date>.xlsx`.
 */
export function ExportButton({
  entity,
  columns,
  hidden,
  query,
  listPath,
}: {
  entity: EntityDef;
  /** The list call after the entity's base, when not `/list` (the screen's own list call). */
  listPath?: string;
  columns: ProColumns<Row>[];
  /** Columns hidden in the column settings. */
  hidden: ReadonlySet<string>;
  /** The current list query without paging (filters, sort, fixed filters). */
  query: () => Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const key = `export-${entity.name}`;
    try {
      const [sheetColumns, rows] = await Promise.all([
        exportColumnsOf(entity, columns, hidden),
        fetchAllRows(
          entity.base,
          query(),
          (done, total) => message.open({ key, type: 'loading', content: t('common.exporting', { done, total }), duration: 0 }),
          listPath,
        ),
      ]);
      const label = t(`entities.${entity.name}`);
      await downloadXlsx(sheetOf(sheetColumns, rows), `${label} ${dayjs().format('YYYY-MM-DD')}.xlsx`, label);
      void message.open({ key, type: 'success', content: t('common.exportDone') });
    } catch (error) {
      message.destroy(key);
      if (error instanceof TooManyRows) {
        void message.warning(
          t(error.exact ? 'common.exportTooMany' : 'common.exportTooManyAbout', { total: error.total, max: EXPORT_MAX }),
        );
      } else if (!(error instanceof RequestError)) void message.error((error as Error).message); // call errors are already shown
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void run()}>
      {t('common.export')}
    </Button>
  );
}
