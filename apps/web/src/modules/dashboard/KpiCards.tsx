import type { BillHeadline, GardenSummary, OrderMonthSum, OrderYearSum, ResourceTotals } from '@property/domain';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n';
import { yuan } from '../../app/money-text';
import { percentText } from './dashboard-data';

/** A card of headline figures: a titled card holding a list of label–value pairs. */
function KpiCard({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  return (
    <Card size="small" className="kpi-card" data-card={name} title={<h2 className="chart-title">{title}</h2>}>
      {children}
    </Card>
  );
}

/** One figure: its label and value, the value marked for tests by the answer's field (data-figure). */
function Figure({ label, value, field, big }: { label: string; value: ReactNode; field: string; big?: boolean }) {
  return (
    <div className={big ? 'kpi-figure kpi-big' : 'kpi-figure'}>
      <dt>{label}</dt>
      <dd data-figure={field}>{value}</dd>
    </div>
  );
}

const count = (n: number | undefined) => (n === undefined ? '—' : String(n));

/** 小区概况: the header garden's card (its houses by state), or the caller's gardens when none is chosen. */
export function GardenCard({ summary, totals }: { summary: GardenSummary | undefined; totals: ResourceTotals | undefined }) {
  const { t } = useTranslation();
  if (!summary) {
    return (
      <KpiCard name="garden" title={t('dashboard.garden.title')}>
        <p className="kpi-name">{t('dashboard.garden.all')}</p>
        <dl className="kpi-list">
          <Figure label={t('dashboard.resources.gardens')} value={count(totals?.gardenCount)} field="gardenCount" />
          <Figure label={t('dashboard.garden.houses')} value={count(totals?.houseCount)} field="houseCount" />
        </dl>
      </KpiCard>
    );
  }
  const states = [
    { key: 'occupied', n: summary.occupiedCount },
    { key: 'vacant', n: summary.vacantCount },
    { key: 'renovating', n: summary.renovatingCount },
    { key: 'unknown', n: summary.unknownCount },
  ] as const;
  return (
    <KpiCard name="garden" title={t('dashboard.garden.title')}>
      <p className="kpi-name" data-figure="gardenName">
        {summary.gardenName}
      </p>
      {(summary.regionName || summary.address) && (
        <p className="kpi-note">{[summary.regionName, summary.address].filter(Boolean).join(' ')}</p>
      )}
      <dl className="kpi-list">
        <Figure label={t('dashboard.garden.houses')} value={summary.houseCount} field="houseCount" />
        <Figure label={t('dashboard.garden.bound')} value={summary.boundHouseCount} field="boundHouseCount" />
        {states.map((s) => (
          <Figure key={s.key} label={t(`dashboard.garden.${s.key}`)} value={s.n} field={`${s.key}Count`} />
        ))}
      </dl>
      {/* The same four numbers as a bar: for the eye only (the list above says them). */}
      <div className="occupancy-bar" aria-hidden="true">
        {states.map((s) =>
          s.n > 0 ? (
            <span key={s.key} className={`occupancy-${s.key}`} style={{ flexGrow: s.n }} title={t(`dashboard.garden.${s.key}`)} />
          ) : null,
        )}
      </div>
    </KpiCard>
  );
}

const RESOURCES = [
  ['gardens', 'gardenCount'],
  ['buildings', 'buildingCount'],
  ['units', 'unitCount'],
  ['houses', 'houseCount'],
  ['parkings', 'parkingCount'],
  ['spaces', 'parkingSpaceCount'],
  ['owners', 'ownerCount'],
  ['families', 'familyCount'],
  ['lessees', 'lesseeCount'],
  ['cars', 'carCount'],
  ['elevators', 'elevatorCount'],
  ['hydrants', 'hydrantCount'],
] as const;

/** 资源总数: every resource of the garden (or the caller's gardens). */
export function ResourcesCard({ totals }: { totals: ResourceTotals | undefined }) {
  const { t } = useTranslation();
  return (
    <KpiCard name="resources" title={t('dashboard.resources.title')}>
      <dl className="kpi-grid">
        {RESOURCES.map(([label, field]) => (
          <Figure key={field} label={t(`dashboard.resources.${label}`)} value={count(totals?.[field])} field={field} />
        ))}
      </dl>
    </KpiCard>
  );
}

/** The year's orders, and the chosen month's. */
export function OrdersCard(props: {
  chosenYear: number;
  year: OrderYearSum | undefined;
  month: OrderMonthSum | undefined;
  monthLabel: string;
}) {
  const { chosenYear, year, month, monthLabel } = props;
  const { t } = useTranslation();
  return (
    <KpiCard name="orders" title={t('dashboard.orders.title', { year: year?.year ?? chosenYear })}>
      <dl className="kpi-list">
        <Figure big label={t('dashboard.orders.amount')} value={yuan(year?.amount)} field="amount" />
        <Figure label={t('dashboard.orders.count')} value={count(year?.count)} field="count" />
        <Figure label={t('dashboard.orders.refund')} value={yuan(year?.refundAmount)} field="refundAmount" />
      </dl>
      <h3 className="kpi-sub">{t('dashboard.orders.month', { month: monthLabel })}</h3>
      <dl className="kpi-list">
        <Figure label={t('dashboard.orders.amount')} value={yuan(month?.amount)} field="monthAmount" />
        <Figure label={t('dashboard.orders.count')} value={count(month?.count)} field="monthCount" />
      </dl>
    </KpiCard>
  );
}

/** 收缴率 of the range, both ways, with the money it is worked out from. */
export function RateCard({ headline }: { headline: BillHeadline | undefined }) {
  const { t } = useTranslation();
  const h = headline;
  return (
    <KpiCard name="rate" title={t('dashboard.rate.title')}>
      <dl className="kpi-list">
        <Figure big label={t('dashboard.rate.money')} value={percentText(h?.moneyRate)} field="moneyRate" />
        <Figure
          label={t('dashboard.rate.houses')}
          value={
            <>
              {percentText(h?.houseRate)}
              <span className="kpi-note">
                {' '}
                {t('dashboard.rate.houseCounts', { paid: h?.paidHouseCount ?? 0, billed: h?.billedHouseCount ?? 0 })}
              </span>
            </>
          }
          field="houseRate"
        />
        <Figure label={t('dashboard.rate.receivable')} value={yuan(h?.receivable)} field="receivable" />
        <Figure label={t('dashboard.rate.collected')} value={yuan(h?.collected)} field="collected" />
        <Figure label={t('dashboard.rate.outstanding')} value={yuan(h?.outstanding)} field="outstanding" />
        <Figure label={t('dashboard.rate.overdue')} value={yuan(h?.overdue)} field="overdue" />
        <Figure label={t('dashboard.rate.received')} value={yuan(h?.received)} field="received" />
      </dl>
    </KpiCard>
  );
}
