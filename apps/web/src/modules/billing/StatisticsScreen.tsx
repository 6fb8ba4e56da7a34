import type { BillStatistics } from '@property/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useGarden } from '../../app/garden';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { SaveReportDialog } from './SaveReportDialog';
import { StatisticsTables } from './StatisticsTables';

/**
 * 收费统计: the header garden's bills of a range of months, by charge item and by month (receivable, received,
 * refunded, outstanding, overdue), each table closed by the total of all its rows, which the server sums the same
 * way. The months' receivable amounts are drawn as bars beside their figures. 保存为报表 keeps the figures of the
 * garden and months shown as a report (报表列表).
 */
export default function StatisticsScreen() {
  const { t } = useTranslation();
  const { gardenId } = useGarden();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract(11, 'month').startOf('month'),
    dayjs().startOf('month'),
  ]);
  const [from, to] = [range[0].format('YYYY-MM'), range[1].format('YYYY-MM')];
  const months = `${from},${to}`;
  const [saving, setSaving] = useState(false);
  const stats = useQuery({
    queryKey: ['bill-statistics', gardenId, months],
    queryFn: () =>
      api.get<BillStatistics>('/system-property/paymentbill/statistics', {
        ...(gardenId ? { gardenId } : {}),
        billBetweenTime: months,
      }),
  });
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
          <Button onClick={() => setSaving(true)} disabled={!stats.data}>
            {t('report.saveReport')}
          </Button>
        </Space>
      </Card>
      <StatisticsTables stats={stats.data} loading={stats.isLoading} />
      {saving && <SaveReportDialog gardenId={gardenId} from={from} to={to} onClose={() => setSaving(false)} />}
    </Space>
  );
}
