import type { BillStatistics } from '@property/domain';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import type { Row } from '../../crud/columns';
import { downloadXlsx } from '../../crud/export';
import { StatisticsTables } from '../billing/StatisticsTables';
import { reportSheet } from './report-sheet';

/**
 * 查看 of a saved report: its figures as 收费统计 showed them when they were saved (the same tables), what they
 * cover and who saved them, and 导出 to Excel with the console's sheet writer.
 */
export function ReportDialog({ report, onClose }: { report: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const stats = report.figures as BillStatistics | null;
  const name = String(report.name ?? '');
  const meta = t('report.meta', {
    garden: String(report.gardenName ?? t('report.allGardens')),
    from: String(report.periodStart ?? ''),
    to: String(report.periodEnd ?? ''),
    user: String(report.createUserName ?? ''),
    time: String(report.createTime ?? ''),
  });
  const exportSheet = async () => {
    if (!stats) return;
    setExporting(true);
    try {
      await downloadXlsx(reportSheet(t, { name, meta }, stats), `${name}.xlsx`, t('report.sheet'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Modal
      open
      width={1100}
      title={name}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="export" loading={exporting} disabled={!stats} onClick={() => void exportSheet()}>
          {t('common.export')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('common.close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{meta}</Typography.Paragraph>
      {stats && <StatisticsTables stats={stats} />}
    </Modal>
  );
}
