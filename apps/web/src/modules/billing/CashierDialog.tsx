import { Money, PAY_TYPE } from '@property/domain';
import { Alert, Button, Form, Input, Modal, Radio, Result, Select, Space, Table, Typography } from 'antd';
import { cloneElement, isValidElement, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, type Page } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { dictionaryLabels } from '../../crud/dictionaries';
import { quietly } from '../community/quietly';
import { keyForChoice, totalsOf, type HouseBill } from './cashier';
import ReceiptDialog from './ReceiptDialog';
import { groupedDecimal } from '../../app/money-text';

const BILLS = '/system-property/paymentbill';

interface HouseBills {
  houseId: string;
  houseName: string | null;
  ownerName: string | null;
  ownerPhone: string | null;
  bills: HouseBill[];
  totalDue: string;
}
interface BillHouse {
  houseId: string;
  houseName: string | null;
  ownerName: string | null;
  owed: string;
}
/** The pre-paid account the house's bills are paid from (prepaidaccount/of-house), if one is open. */
interface Account {
  id: string;
  balance: string;
}
interface Paid {
  order: { id: string; receiptNo: string; totalAmount: string; billCount: number };
  replay: boolean;
}

/** The methods a cashier takes: cash, card, transfer, and the owner's pre-paid balance (offered when it covers the total). */
const METHODS = [PAY_TYPE.cash, PAY_TYPE.card, PAY_TYPE.transfer, PAY_TYPE.balance];

/**
 * 收银台: pick a house (searched by house, owner or phone among the houses with unpaid bills), see its unpaid bills
 * with today's late fees, choose one or several, pay them by one method: one order with one receipt, then print it.
 * The payment's key stays the same while the choice does, so a second click (or a retry) pays once.
 */
export default function CashierDialog({
  gardenId,
  house: first,
  onClose,
  onPaid,
}: {
  gardenId?: string;
  /** The house to open on; a parking space's bill (no house) is paid on its own. */
  house?: { houseId?: string; houseName: string; bill?: HouseBill };
  onClose: () => void;
  onPaid: () => void;
}) {
  const { t } = useTranslation();
  const [houseId, setHouseId] = useState(first?.houseId);
  const [houses, setHouses] = useState<BillHouse[]>([]);
  const [bills, setBills] = useState<HouseBills>();
  const [account, setAccount] = useState<Account | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [payType, setPayType] = useState<number>(PAY_TYPE.cash);
  const [payerName, setPayerName] = useState('');
  const [methods, setMethods] = useState<Map<string, string>>(new Map());
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState<Paid>();
  const [printing, setPrinting] = useState(false);
  const key = useRef<{ choice: string; key: string }>(undefined);

  useEffect(() => {
    void dictionaryLabels('pay_type').then((items) => setMethods(new Map(items.map((i) => [i.dictKey, i.dictValue]))));
  }, []);

  const search = async (text: string) => {
    const words = text.trim();
    const base = { gardenId, size: 20 };
    const calls = !words
      ? [api.get<Page<BillHouse>>(`${BILLS}/list-bill-house`, base)]
      : /^\d{3,}$/.test(words)
        ? [api.get<Page<BillHouse>>(`${BILLS}/list-bill-house`, { ...base, ownerPhone: words })]
        : [
            api.get<Page<BillHouse>>(`${BILLS}/list-bill-house`, { ...base, houseName: words }),
            api.get<Page<BillHouse>>(`${BILLS}/list-bill-house`, { ...base, ownerName: words }),
          ];
    const pages = await Promise.all(calls);
    const seen = new Map<string, BillHouse>();
    for (const page of pages) for (const h of page.records) seen.set(h.houseId, h);
    setHouses([...seen.values()]);
  };
  useEffect(() => {
    void quietly(() => search(''));
  }, [gardenId]);

  const load = async (id: string) => {
    const [answer, prepaid] = await Promise.all([
      api.get<HouseBills>(`${BILLS}/get-all-bill-by-houseId`, { houseId: id }),
      api.get<Account | null>('/system-property/prepaidaccount/of-house', { houseId: id }),
    ]);
    setAccount(prepaid);
    setBills(answer);
    setChosen(new Set(answer.bills.map((b) => String(b.id))));
    setPayerName(answer.ownerName ?? '');
  };
  useEffect(() => {
    setBills(undefined);
    setAccount(null);
    if (houseId) void quietly(() => load(houseId));
    else if (first?.bill) {
      const bill = first.bill;
      setBills({
        houseId: '',
        houseName: first.houseName,
        ownerName: bill.ownerName ?? null,
        ownerPhone: bill.ownerPhone ?? null,
        bills: [bill],
        totalDue: bill.owed,
      });
      setChosen(new Set([String(bill.id)]));
      setPayerName(bill.ownerName ?? '');
    }
  }, [houseId]);

  const totals = useMemo(() => totalsOf(bills?.bills ?? [], chosen), [bills, chosen]);
  const balanceCovers = !!account && Money.compare(account.balance, totals.total) >= 0;
  // A choice the balance no longer covers falls back to cash rather than offering a payment the server refuses.
  useEffect(() => {
    if (payType === PAY_TYPE.balance && !balanceCovers) setPayType(PAY_TYPE.cash);
  }, [payType, balanceCovers]);
  const pay = async () => {
    if (paying || chosen.size === 0) return;
    key.current = keyForChoice(key.current, chosen);
    setPaying(true);
    try {
      const answer = await api.post<Paid>(`${BILLS}/pay`, {
        billIds: [...chosen].join(','),
        payType,
        clientKey: key.current.key,
        payerName: payerName.trim() || undefined,
      });
      setPaid(answer);
      key.current = undefined;
      onPaid();
    } finally {
      setPaying(false);
    }
  };
  const next = () => {
    setPaid(undefined);
    if (houseId) void quietly(() => load(houseId));
    else setBills(undefined);
  };

  const houseOptions = [
    ...(first?.houseId && !houses.some((h) => h.houseId === first.houseId)
      ? [{ value: first.houseId, label: first.houseName }]
      : []),
    ...houses.map((h) => ({
      value: h.houseId,
      label: `${h.houseName ?? ''} ${h.ownerName ?? ''} · ${t('billing.owedAmount', { amount: groupedDecimal(String(h.owed ?? '0.00')) })}`,
    })),
  ];

  return (
    <Modal
      open
      width={960}
      title={t('billing.cashier')}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={
        paid ? (
          <Space>
            <Button onClick={next}>{t('billing.nextPayment')}</Button>
            <Button type="primary" onClick={() => setPrinting(true)}>
              {t('billing.printReceipt')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={paying} disabled={chosen.size === 0} onClick={() => void quietly(pay)}>
              {t('billing.payAmount', { amount: groupedDecimal(totals.total) })}
            </Button>
          </Space>
        )
      }
    >
      {paid ? (
        <Result
          status="success"
          title={t('billing.paidTitle', { amount: groupedDecimal(String(paid.order.totalAmount)) })}
          subTitle={t('billing.paidReceipt', { receiptNo: paid.order.receiptNo, count: paid.order.billCount })}
        />
      ) : (
        <Form layout="vertical" name="cashier" component="div">
          <Form.Item label={t('billing.house')} htmlFor="cashier-house">
            <Select
              id="cashier-house"
              showSearch
              filterOption={false}
              value={houseId}
              placeholder={t('billing.houseSearch')}
              onSearch={(text) => void quietly(() => search(text))}
              onChange={(value: string) => setHouseId(value)}
              options={houseOptions}
              notFoundContent={t('billing.noHouse')}
            />
          </Form.Item>
          {bills && (
            <>
              <Typography.Paragraph>
                {t('billing.houseOwner', { name: bills.ownerName ?? '—', phone: bills.ownerPhone ?? '—' })}
                <span className="cashier-balance">
                  {account
                    ? t('billing.prepaidBalance', { amount: groupedDecimal(String(account.balance)) })
                    : t('billing.prepaidNone')}
                </span>
              </Typography.Paragraph>
              {bills.bills.length === 0 ? (
                <Alert type="success" showIcon message={t('billing.nothingOwed')} />
              ) : (
                <Table<HouseBill>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={bills.bills}
                  // A bill's lines come with it as `children`: not rows of their own to choose.
                  expandable={{ childrenColumnName: 'treeRows' }}
                  rowSelection={{
                    selectedRowKeys: [...chosen],
                    onChange: (keys) => setChosen(new Set(keys.map(String))),
                    // antd's check box hands unknown props to its <input>; its type lists only the check box's own.
                    getCheckboxProps: (b) =>
                      ({ 'aria-label': t('billing.chooseBill', { item: b.itemName ?? '', period: b.period }) }) as object,
                    columnTitle: (checkbox: ReactNode) =>
                      isValidElement<{ 'aria-label'?: string }>(checkbox)
                        ? cloneElement(checkbox, { 'aria-label': t('common.selectAllRows') })
                        : checkbox,
                  }}
                  columns={[
                    { title: t('fields.paymentBill.itemName'), dataIndex: 'itemName' },
                    { title: t('fields.paymentBill.period'), dataIndex: 'period' },
                    { title: t('fields.paymentBill.dueDate'), dataIndex: 'dueDate' },
                    { title: t('billing.owed'), dataIndex: 'owed', align: 'right' },
                    {
                      title: t('billing.overdueDays'),
                      dataIndex: 'overdueDays',
                      align: 'right',
                      render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : 0),
                    },
                    { title: t('billing.lateFeeDue'), dataIndex: 'lateFeeDue', align: 'right' },
                  ]}
                />
              )}
              <div className="cashier-summary" role="status" aria-live="polite">
                <span>{t('billing.chosenCount', { count: totals.count })}</span>
                <span>{t('billing.chosenOwed', { amount: groupedDecimal(totals.owed) })}</span>
                <span>{t('billing.chosenLateFee', { amount: groupedDecimal(totals.lateFee) })}</span>
                <strong>{t('billing.chosenTotal', { amount: groupedDecimal(totals.total) })}</strong>
              </div>
              <Form.Item label={t('billing.payType')} style={{ marginTop: 16 }}>
                <Radio.Group
                  value={payType}
                  onChange={(e) => setPayType(Number(e.target.value))}
                  options={METHODS.map((m) => ({
                    value: m,
                    label: methods.get(String(m)) ?? String(m),
                    disabled: m === PAY_TYPE.balance && !balanceCovers,
                    title:
                      m === PAY_TYPE.balance && !balanceCovers
                        ? t(account ? 'billing.prepaidShort' : 'billing.prepaidNone')
                        : undefined,
                  }))}
                />
              </Form.Item>
              <Form.Item label={t('fields.paymentOrder.payerName')} htmlFor="cashier-payer">
                <Input id="cashier-payer" value={payerName} maxLength={50} onChange={(e) => setPayerName(e.target.value)} />
              </Form.Item>
            </>
          )}
        </Form>
      )}
      {printing && paid && <ReceiptDialog orderId={paid.order.id} onClose={() => setPrinting(false)} />}
    </Modal>
  );
}
