import { reportEntity } from '@property/domain';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { ReportDialog } from './ReportDialog';

/**
 * 报表列表: the reports people saved (收费统计's 保存为报表), newest first: name, kind, garden as it was named,
 * periods, who saved it and when. 查看 opens the kept figures (and exports them); 删除 removes. Nothing is added or
 * changed here: a report is made where its figures are shown.
 */
export default function ReportScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [open, setOpen] = useState<Row>();
  const overrides = useMemo(
    () => ({
      // The garden's name as it was when saved (the garden may have been renamed or removed since).
      gardenId: { hideInTable: true },
      gardenName: { render: (_: unknown, row: Row) => String(row.gardenName ?? t('report.allGardens')) },
    }),
    [t],
  );
  return (
    <>
      <CrudPage
        entity={reportEntity}
        noView
        fieldOverrides={overrides}
        rowActions={(row) =>
          buttons.has('report_view') ? (
            <Button type="link" size="small" onClick={() => setOpen(row)}>
              {t('common.view')}
            </Button>
          ) : null
        }
      />
      {open && <ReportDialog report={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
