import type { BillStatistics } from '@property/domain';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useGarden } from '../../app/garden';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { barPercent, FIGURES, type Figures } from './statistics';

/** A row of either table: its figures and what it groups by. */
type StatRow = Figures & { itemId?: string; itemName?: string | null; period?: string; receivable: string };
import './billing.css';
import { yuan } from '../../app/money-text';
import { ScrollRegion } from '../../app/ScrollRegion';

/**
 * 收费统计: the header garden's bills of a range of months, by charge item and by month (receivable, received,
 * refunded, outstanding, overdue), each table closed by the total of all its rows, which the server sums the same
 * way. The months' receivable amounts are drawn as bars beside their figures.
 */
export default function StatisticsScreen() {
  const { t } = useTranslation();
  const { gardenId } = useGarden();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(11, 'month').startOf('month'),
    dayjs().startOf('month'),
  ]);
  const months = `${range[0].format('YYYY-MM')},${range[1].format('YYYY-MM')}`;
  const stats = useQuery({
    queryKey: ['bill-statistics', gardenId, months],
    queryFn: () =>
      api.get<BillStatistics>('/system-property/paymentbill/statistics', {
        ...(gardenId ? { gardenId } : {}),
        billBetweenTime: months,
      }),
  });
  const figureColumns = (): ColumnsType<StatRow> =>
    FIGURES.map((key) => ({
      title: t(`billing.stats.${key}`),
      dataIndex: key,
      align: 'right' as const,
      render: (v: unknown) => (key === 'count' ? String(v) : yuan(String(v))),
    }));
  const totalRow = (first: string, span: number) => {
    const total = stats.data?.total;
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
  const byMonth = stats.data?.byMonth ?? [];
  /** One table of the screen: what its rows group by (`leading` columns), then the figures, closed by the total. */
  const statTable = (title: string, rowKey: keyof StatRow, rows: StatRow[] | undefined, leading: ColumnsType<StatRow>) => (
    <Card size="small" title={<h2 className="stat-title">{title}</h2>}>
      <ScrollRegion label={title}>
        <Table<StatRow>
          rowKey={rowKey}
          size="small"
          loading={stats.isLoading}
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
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="statistics-screen">
      <Card size="small">
        <Space wrap>
          <Typography.Text id="stat-range">{t('billing.stats.range')}</Typography.Text>
          <DatePicker.RangePicker
            picker="month"
            format="YYYY-MM"
            allowClear={false}
            value={range}
            aria-labelledby="stat-range"
            onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
          />
        </Space>
      </Card>
      {statTable(t('billing.stats.byItem'), 'itemId', stats.data?.byItem, [
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
