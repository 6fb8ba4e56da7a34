import type { BillStatisticsTable, OverduePayment } from '@property/domain';
import { Card, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from '../../app/i18n';
import { yuan } from '../../app/money-text';
import { ScrollRegion } from '../../app/ScrollRegion';
import { percentText } from './dashboard-data';

type StatRow = BillStatisticsTable['rows'][number];
type Figures = BillStatisticsTable['total'];
type Debtor = OverduePayment['debtors'][number];

/** The statistics table's figures, in order, and how each reads. */
const FIGURES: Array<{ key: keyof Figures; label: string; text: (v: Figures) => string }> = [
  { key: 'count', label: 'billing.stats.count', text: (f) => String(f.count) },
  { key: 'receivable', label: 'billing.stats.receivable', text: (f) => yuan(f.receivable) },
  { key: 'received', label: 'billing.stats.received', text: (f) => yuan(f.received) },
  { key: 'refunded', label: 'billing.stats.refunded', text: (f) => yuan(f.refunded) },
  { key: 'reduced', label: 'dashboard.table.reduced', text: (f) => yuan(f.reduced) },
  { key: 'outstanding', label: 'billing.stats.outstanding', text: (f) => yuan(f.outstanding) },
  { key: 'overdue', label: 'billing.stats.overdue', text: (f) => yuan(f.overdue) },
  { key: 'collectionRate', label: 'dashboard.table.rate', text: (f) => percentText(f.collectionRate) },
];

/** 账单统计: the range's bills by charge item (statistics-tables), closed by their total. */
export function StatisticsTable({ table, loading }: { table: BillStatisticsTable | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const title = t('dashboard.table.title');
  const columns: ColumnsType<StatRow> = [
    { title: t('dashboard.labels.item'), dataIndex: 'itemName', render: (name: string | null) => name ?? t('dashboard.noItem') },
    ...FIGURES.map((f) => ({
      title: t(f.label),
      key: f.key,
      align: 'right' as const,
      render: (_: unknown, row: StatRow) => f.text(row),
    })),
  ];
  return (
    <Card size="small" data-card="statistics" title={<h2 className="chart-title">{title}</h2>}>
      <ScrollRegion label={title}>
        <Table<StatRow>
          rowKey={(row) => row.itemId ?? ''}
          size="small"
          loading={loading}
          pagination={false}
          dataSource={table?.rows}
          columns={columns}
          locale={{ emptyText: <Empty description={t('dashboard.chart.empty')} /> }}
          summary={() =>
            table ? (
              <Table.Summary.Row className="stat-total">
                <Table.Summary.Cell index={0}>
                  <strong>{t('dashboard.total')}</strong>
                </Table.Summary.Cell>
                {FIGURES.map((f, i) => (
                  <Table.Summary.Cell index={i + 1} key={f.key} align="right">
                    <strong data-total={f.key}>{f.text(table.total)}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </ScrollRegion>
    </Card>
  );
}

/** 欠费最多的房屋: the houses (or parking spaces) owing most of the range's overdue money. */
export function DebtorsTable({ overdue, loading }: { overdue: OverduePayment | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const title = t('dashboard.table.debtors');
  const columns: ColumnsType<Debtor> = [
    { title: t('dashboard.table.house'), dataIndex: 'houseName' },
    { title: t('dashboard.table.owner'), dataIndex: 'ownerName' },
    { title: t('dashboard.table.phone'), dataIndex: 'ownerPhone' },
    { title: t('dashboard.table.bills'), dataIndex: 'count', align: 'right' },
    { title: t('dashboard.table.amount'), dataIndex: 'amount', align: 'right', render: (v: string) => yuan(v) },
    { title: t('dashboard.table.days'), dataIndex: 'maxDays', align: 'right' },
  ];
  return (
    <Card size="small" data-card="debtors" title={<h2 className="chart-title">{title}</h2>}>
      <ScrollRegion label={title}>
        <Table<Debtor>
          rowKey={(row) => `${row.houseId ?? ''}/${row.parkingSpaceId ?? ''}`}
          size="small"
          loading={loading}
          pagination={false}
          dataSource={overdue?.debtors}
          columns={columns}
          locale={{ emptyText: <Empty description={t('dashboard.chart.empty')} /> }}
        />
      </ScrollRegion>
    </Card>
  );
}
