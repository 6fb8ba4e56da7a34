import type { BillStatistics } from '@property/domain';
import { Card, Empty, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from '../../app/i18n';
import { yuan } from '../../app/money-text';
import { ScrollRegion } from '../../app/ScrollRegion';
import { barPercent, FIGURES, type Figures } from './statistics';
import './billing.css';

/** A row of either table: its figures and what it groups by. */
type StatRow = Figures & { itemId?: string; itemName?: string | null; period?: string; receivable: string };

/**
 * The two tables of charge statistics, by charge item and by month (receivable, received, refunded, outstanding,
 * overdue), each closed by the total of all its rows as the server summed it; the months' receivable amounts drawn
 * as bars beside their figures. 收费统计 shows the live figures, a saved report (报表列表) the figures it kept.
 */
export function StatisticsTables({ stats, loading = false }: { stats?: BillStatistics; loading?: boolean }) {
  const { t } = useTranslation();
  const figureColumns = (): ColumnsType<StatRow> =>
    FIGURES.map((key) => ({
      title: t(`billing.stats.${key}`),
      dataIndex: key,
      align: 'right' as const,
      render: (v: unknown) => (key === 'count' ? String(v) : yuan(String(v))),
    }));
  const totalRow = (first: string, span: number) => {
    const total = stats?.total;
    if (!total) return null;
    return (
      <Table.Summary.Row className="stat-total">
        <Table.Summary.Cell index={0} colSpan={span}>
          <strong>{first}</strong>
        </Table.Summary.Cell>
        {FIGURES.map((key, i) => (
          <Table.Summary.Cell index={i + span} key={key} align="right">
            <strong data-total={key}>{key === 'count' ? total[key] : yuan(total[key])}</strong>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    );
  };
  const byMonth = stats?.byMonth ?? [];
  /** One table: what its rows group by (`leading` columns), then the figures, closed by the total. */
  const statTable = (title: string, rowKey: keyof StatRow, rows: StatRow[] | undefined, leading: ColumnsType<StatRow>) => (
    <Card size="small" title={<h2 className="stat-title">{title}</h2>}>
      <ScrollRegion label={title}>
        <Table<StatRow>
          rowKey={rowKey}
          size="small"
          loading={loading}
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: <Empty description={t('billing.stats.empty')} /> }}
          columns={[...leading, ...figureColumns()]}
          summary={() => totalRow(t('billing.stats.total'), leading.length)}
        />
      </ScrollRegion>
    </Card>
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {statTable(t('billing.stats.byItem'), 'itemId', stats?.byItem, [
        { title: t('fields.paymentBill.itemName'), dataIndex: 'itemName' },
      ])}
      {statTable(t('billing.stats.byMonth'), 'period', byMonth, [
        { title: t('fields.paymentBill.period'), dataIndex: 'period' },
        {
          title: t('billing.stats.bar'),
          key: 'bar',
          width: 180,
          render: (_: unknown, row: StatRow) => (
            <span className="stat-bar" style={{ width: `${barPercent(row.receivable, byMonth)}%` }} aria-hidden="true" />
          ),
        },
      ])}
    </Space>
  );
}
