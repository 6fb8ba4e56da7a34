import type { ProColumns } from '@ant-design/pro-components';
import { paymentBillEntity, type BillSums } from '@property/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Tabs } from 'antd';
import { useCallback, useContext, useMemo, useRef, useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useGarden } from '../../app/garden';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { ReadableContext, useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { buildingOptions } from '../community/house-picker';
import { BillDialogs, type BillDialog } from './BillDialogs';
import { billActions, readableTabs, type BillAction, type BillTabKey } from './bill-tabs';
import { BillTotals } from './BillTotals';
import './billing.css';

const BILLS = paymentBillEntity.base;

/**
 * 缴费账单, 逾期账单, 已缴账单, 退款账单, 已关闭账单: one screen, a tab per list (each menu opens its own),
 * the header garden's bills searched by building, house, owner, phone, item and period, the filter's totals
 * (list-sum) above the table, and each row's actions by its state. The toolbar opens the cashier, the
 * generation dialog and a reminder batch of the filter's bills.
 */
export function BillScreen({ tab: first }: { tab: BillTabKey }) {
  const { t } = useTranslation();
  const buttons = useButtons();
  const readable = useContext(ReadableContext);
  const canRead = useCallback((code: string) => !!readable?.(code), [readable]);
  const tabs = readableTabs(canRead);
  const [tab, setTab] = useState<BillTabKey>(first);
  const [, setAddress] = useSearchParams();
  const { gardenId } = useGarden();
  const fixedQuery = useMemo(() => (gardenId ? { gardenId } : undefined), [gardenId]);
  // The filter of the list's last call (totals and reminder batches use the same), and when it was made.
  const [filter, setFilter] = useState<{ query: Record<string, unknown>; at: number }>();
  const onQuery = useCallback((query: Record<string, unknown>) => setFilter({ query, at: Date.now() }), []);
  const [dialog, setDialog] = useState<BillDialog>();
  const reloadList = useRef<() => void>(undefined);
  const current = tabs.find((x) => x.key === tab) ?? tabs[0];
  const listType = current?.key ?? 'out';
  const sums = useQuery({
    queryKey: ['bill-sums', listType, filter?.query, filter?.at],
    queryFn: () => api.get<BillSums>(`${BILLS}/list-sum`, { ...filter!.query, listType }),
    enabled: !!filter,
    staleTime: 0,
    // The last totals stay while a reload's are on the way (no flash of —).
    placeholderData: (previous) => previous,
  });

  const has = useCallback((code: string) => buttons.has(code), [buttons]);
  const overrides = useMemo<Record<string, Partial<ProColumns<Row>>>>(
    () => ({
      // The names copied onto the bill are shown and searched; the ids behind them are not shown twice.
      houseId: { hideInTable: true, hideInSearch: true },
      itemId: { hideInTable: true, hideInSearch: true },
      // The building is searched by picking one of the header garden's.
      buildingId: {
        hideInSearch: !gardenId,
        valueType: 'select',
        request: () => (gardenId ? buildingOptions(gardenId) : Promise.resolve([])),
        params: { gardenId },
        fieldProps: { showSearch: true, optionFilterProp: 'label' },
      },
    }),
    [gardenId],
  );
  const labels: Record<BillAction, string> = {
    pay: t('billing.pay'),
    reduce: t('billing.reduce'),
    close: t('billing.close'),
    remind: t('billing.remind'),
    refund: t('billing.refund'),
    print: t('billing.print'),
    log: t('billing.log'),
  };
  const rowActions = (row: Row, reload: () => void) => {
    reloadList.current = reload;
    return billActions(row, has, canRead).map((action) => (
      <Button
        key={action}
        type="link"
        size="small"
        danger={action === 'close'}
        onClick={() => {
          reloadList.current = reload;
          setDialog({ kind: action, bill: row });
        }}
      >
        {labels[action]}
      </Button>
    ));
  };
  const canRemind = has('paymentbill_remind') || has('billoverdue_remind');
  const toolbar = (_selected: string[], reload: () => void) => {
    reloadList.current = reload;
    return [
      has('paymentbill_pay') && (
        <Button key="cashier" type="primary" onClick={() => setDialog({ kind: 'cashier' })}>
          {t('billing.cashier')}
        </Button>
      ),
      has('paymentbill_add') && (
        <Button key="generate" onClick={() => setDialog({ kind: 'generate' })}>
          {t('billing.generate')}
        </Button>
      ),
      canRemind && (listType === 'out' || listType === 'overdu') && (
        <Button
          key="remind"
          disabled={!sums.data?.count}
          onClick={() =>
            filter && setDialog({ kind: 'remindBatch', query: filter.query, listType, count: sums.data?.count ?? 0 })
          }
        >
          {t('billing.remindBatch')}
        </Button>
      ),
    ].filter(Boolean) as ReactElement[];
  };

  if (!current) return null;
  return (
    <div className="bill-screen">
      <Tabs
        activeKey={current.key}
        onChange={(key) => {
          // Another list: its own paging and filters.
          setAddress({}, { replace: true });
          setFilter(undefined);
          setTab(key as BillTabKey);
        }}
        items={tabs.map((x) => ({ key: x.key, label: t(`billing.tabs.${x.key}`) }))}
      />
      <BillTotals listType={current.key} sums={sums.data} />
      <CrudPage
        key={current.key}
        entity={paymentBillEntity}
        listPath={current.listPath}
        fixedQuery={fixedQuery}
        fieldOverrides={overrides}
        noDelete={current.key !== 'out' && current.key !== 'overdu'}
        rowActions={rowActions}
        toolbar={toolbar}
        onQuery={onQuery}
        onChanged={() => void sums.refetch()}
      />
      {dialog && (
        <BillDialogs
          dialog={dialog}
          gardenId={gardenId}
          onClose={() => setDialog(undefined)}
          onOpen={setDialog}
          onChanged={() => reloadList.current?.()}
        />
      )}
    </div>
  );
}
