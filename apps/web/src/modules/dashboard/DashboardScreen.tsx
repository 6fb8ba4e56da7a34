import { Card, Col, DatePicker, Row, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useGarden } from '../../app/garden';
import { useTranslation } from '../../app/i18n';
import { yuan } from '../../app/money-text';
import { BarChart } from './charts/BarChart';
import { DonutChart } from './charts/DonutChart';
import { LineChart } from './charts/LineChart';
import { colourAt } from './charts/palette';
import { RadarChart } from './charts/RadarChart';
import {
  agingData,
  billMonthData,
  itemMoneyData,
  monthName,
  orderData,
  rangeQuery,
  rateData,
  yearChoices,
} from './dashboard-data';
import { useDashboard } from './dashboard-queries';
import { DebtorsTable, StatisticsTable } from './FigureTables';
import { GardenCard, OrdersCard, RateCard, ResourcesCard } from './KpiCards';
import './dashboard.css';

/**
 * 统计看板 (menu dashboard, and /wel/dashboard): the header garden's resources, its card, the orders of a year and
 * of a month, and the bills of a range of days — collection rate, receivable against received, the rate and the
 * money by charge item, overdue money by age, the houses owing most and the statistics by item. Each figure is its
 * own call (spec §7.7); each chart draws its answer in SVG with the tooltip stepping every 2000 ms (§2.3).
 */
export default function DashboardScreen() {
  const { t } = useTranslation();
  const { gardenId } = useGarden();
  const ids = { range: useId(), year: useId(), month: useId() };
  const now = dayjs();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [now.startOf('year'), now.endOf('year')]);
  const [year, setYear] = useState(now.year());
  const [month, setMonth] = useState<Dayjs>(now.startOf('month'));
  const monthText = month.format('YYYY-MM');
  const d = useDashboard({ gardenId, ...rangeQuery(range[0], range[1]), year, month: monthText });
  const orderSeries = [
    { name: t('dashboard.series.amount'), color: colourAt(0) },
    { name: t('dashboard.series.count'), color: colourAt(0), drawn: false },
  ];
  const presets = [
    { label: t('dashboard.presets.thisYear'), value: [now.startOf('year'), now.endOf('year')] as [Dayjs, Dayjs] },
    {
      label: t('dashboard.presets.lastYear'),
      value: [now.subtract(1, 'year').startOf('year'), now.subtract(1, 'year').endOf('year')] as [Dayjs, Dayjs],
    },
    {
      label: t('dashboard.presets.last12'),
      value: [now.subtract(11, 'month').startOf('month'), now.endOf('month')] as [Dayjs, Dayjs],
    },
  ];
  const monthLabel = month.format(t('dashboard.monthFormat'));
  const none = t('dashboard.noItem');
  return (
    <div className="dashboard-screen">
      <Card size="small" className="dashboard-choices">
        <Space wrap size={[24, 8]}>
          <Space>
            <Typography.Text id={ids.range}>{t('dashboard.range')}</Typography.Text>
            <DatePicker.RangePicker
              allowClear={false}
              value={range}
              presets={presets}
              aria-labelledby={ids.range}
              onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
            />
          </Space>
          <Space>
            <Typography.Text id={ids.year}>{t('dashboard.year')}</Typography.Text>
            <Select<number>
              className="dashboard-year"
              value={year}
              aria-labelledby={ids.year}
              options={yearChoices(d.years.data, now.year()).map((y) => ({
                value: y,
                label: t('dashboard.yearOption', { year: y }),
              }))}
              onChange={setYear}
            />
          </Space>
          <Space>
            <Typography.Text id={ids.month}>{t('dashboard.month')}</Typography.Text>
            <DatePicker
              picker="month"
              allowClear={false}
              value={month}
              aria-labelledby={ids.month}
              onChange={(value) => value && setMonth(value.startOf('month'))}
            />
          </Space>
        </Space>
        <Typography.Paragraph type="secondary" className="dashboard-hint">
          {t('dashboard.rangeHint')}
        </Typography.Paragraph>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xxl={6}>
          <GardenCard summary={gardenId ? (d.garden.data ?? undefined) : undefined} totals={d.resources.data} />
        </Col>
        <Col xs={24} md={12} xxl={6}>
          <ResourcesCard totals={d.resources.data} />
        </Col>
        <Col xs={24} md={12} xxl={6}>
          <OrdersCard chosenYear={year} year={d.yearSum.data} month={d.monthSum.data} monthLabel={monthLabel} />
        </Col>
        <Col xs={24} md={12} xxl={6}>
          <RateCard headline={d.headline.data} />
        </Col>

        <Col xs={24} xl={12}>
          <BarChart
            name="ordersByMonth"
            title={t('dashboard.charts.ordersByMonth', { year })}
            series={orderSeries}
            data={orderData(d.byMonth.data ?? [], monthName)}
            labelHeader={t('dashboard.labels.month')}
          />
        </Col>
        <Col xs={24} xl={12}>
          <LineChart
            name="ordersByDay"
            title={t('dashboard.charts.ordersByDay', { month: monthLabel })}
            series={orderSeries}
            data={orderData(d.byDay.data ?? [], (day) => String(Number(day.slice(8))))}
            labelHeader={t('dashboard.labels.day')}
            labelWidth={24}
          />
        </Col>

        <Col xs={24} xl={12}>
          <BarChart
            name="billsByMonth"
            title={t('dashboard.charts.billsByMonth')}
            series={[
              { name: t('dashboard.series.receivable'), color: colourAt(0) },
              { name: t('dashboard.series.received'), color: colourAt(2) },
            ]}
            data={billMonthData(d.barChart.data)}
            labelHeader={t('dashboard.labels.period')}
          />
        </Col>
        <Col xs={24} xl={12}>
          <RadarChart
            name="rateByItem"
            title={t('dashboard.charts.rateByItem')}
            series={{ name: t('dashboard.series.rate'), color: colourAt(3) }}
            data={rateData(d.radar.data, none)}
            labelHeader={t('dashboard.labels.item')}
          />
        </Col>

        <Col xs={24} md={12} xl={8}>
          <DonutChart
            name="receivedByItem"
            title={t('dashboard.charts.receivedByItem')}
            seriesName={t('dashboard.series.received')}
            data={itemMoneyData(d.expense.data, none)}
            labelHeader={t('dashboard.labels.item')}
            centre={yuan(d.expense.data?.total ?? '0.00')}
            centreLabel={t('dashboard.total')}
          />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <BarChart
            name="paymentsByItem"
            title={t('dashboard.charts.paymentsByItem', { month: monthLabel })}
            series={[{ name: t('dashboard.series.received'), color: colourAt(5) }]}
            data={itemMoneyData(d.payments.data, none)}
            labelHeader={t('dashboard.labels.item')}
            labelWidth={60}
          />
        </Col>
        <Col xs={24} xl={8}>
          <BarChart
            name="aging"
            title={t('dashboard.charts.aging')}
            series={[
              { name: t('dashboard.series.overdue'), color: colourAt(1) },
              { name: t('dashboard.series.bills'), color: colourAt(1), drawn: false },
            ]}
            data={agingData(d.overdue.data, (key) => t(`dashboard.aging.${key}`))}
            labelHeader={t('dashboard.labels.age')}
            labelWidth={60}
          />
        </Col>

        <Col xs={24}>
          <StatisticsTable table={d.table.data} loading={d.table.isLoading} />
        </Col>
        <Col xs={24}>
          <DebtorsTable overdue={d.overdue.data} loading={d.overdue.isLoading} />
        </Col>
      </Row>
    </div>
  );
}
