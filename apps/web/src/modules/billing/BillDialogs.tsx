import { billLogEntity, reducePayEntity } from '@property/domain';
import { Form, Input, Modal, Radio, Table } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { api, type Page } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import type { Row } from '../../crud/columns';
import { dictionaryLabels } from '../../crud/dictionaries';
import { JobRunDialog } from '../../jobs/JobRunDialog';
import { FormDialog } from '../community/FormDialog';
import { refundableOf, type BillAction, type BillTabKey } from './bill-tabs';
import { moneyRule, newClientKey, type HouseBill } from './cashier';
import { groupedDecimal, yuan } from '../../app/money-text';

const CashierDialog = lazy(() => import('./CashierDialog'));
const ReceiptDialog = lazy(() => import('./ReceiptDialog'));
const GenerateDialog = lazy(() => import('./GenerateDialog'));

const BILLS = '/system-property/paymentbill';

/** Which dialog the bill screen shows: a row's action on its bill, or a toolbar's. */
export type BillDialog =
  | { kind: Exclude<BillAction, 'pay'>; bill: Row }
  | { kind: 'pay'; bill: Row }
  | { kind: 'cashier' }
  | { kind: 'generate' }
  | { kind: 'receipt'; orderId: string }
  | { kind: 'run'; runId: string; title: string }
  | { kind: 'remindBatch'; query: Record<string, unknown>; listType: BillTabKey; count: number };

interface Props {
  dialog: BillDialog;
  gardenId?: string;
  onClose: () => void;
  /** Replaces this dialog by another (a payment's receipt, a generation's run). */
  onOpen: (dialog: BillDialog) => void;
  /** The bills changed: the list and its totals are read again. */
  onChanged: () => void;
}

/** The bill screen's dialogs, one at a time. */
export function BillDialogs({ dialog, gardenId, onClose, onOpen, onChanged }: Props) {
  const { t } = useTranslation();
  const lazyDialog = (node: ReactNode) => <Suspense fallback={null}>{node}</Suspense>;
  switch (dialog.kind) {
    case 'pay':
    case 'cashier':
      return lazyDialog(
        <CashierDialog
          gardenId={gardenId}
          house={dialog.kind === 'pay' ? payTarget(dialog.bill) : undefined}
          onClose={onClose}
          onPaid={onChanged}
        />,
      );
    case 'print':
      return lazyDialog(<ReceiptDialog orderId={String(dialog.bill.orderId)} onClose={onClose} />);
    case 'receipt':
      return lazyDialog(<ReceiptDialog orderId={dialog.orderId} onClose={onClose} />);
    case 'generate':
      return lazyDialog(
        <GenerateDialog
          gardenId={gardenId}
          onClose={onClose}
          onStarted={(runId) => onOpen({ kind: 'run', runId, title: t('billing.generateTitle') })}
        />,
      );
    case 'run':
      return <JobRunDialog runId={dialog.runId} title={dialog.title} onClose={onClose} onFinished={onChanged} />;
    case 'reduce':
      return <ReduceDialog bill={dialog.bill} onClose={onClose} onSaved={onChanged} />;
    case 'close':
      return <CloseDialog bill={dialog.bill} onClose={onClose} onSaved={onChanged} />;
    case 'refund':
      return <RefundDialog bill={dialog.bill} onClose={onClose} onSaved={onChanged} />;
    case 'remind':
      return <RemindDialog target={{ bill: dialog.bill }} onClose={onClose} onSaved={onChanged} onRun={onOpen} />;
    case 'remindBatch':
      return <RemindDialog target={dialog} onClose={onClose} onSaved={onChanged} onRun={onOpen} />;
    case 'log':
      return <BillLogDialog bill={dialog.bill} onClose={onClose} />;
  }
}

/** Where 缴费 opens the cashier: the bill's house with all its unpaid bills, or a parking space's bill alone. */
function payTarget(bill: Row) {
  const houseName = String(bill.houseName ?? '');
  return bill.houseId ? { houseId: String(bill.houseId), houseName } : { houseName, bill: bill as unknown as HouseBill };
}

/** The bill a dialog acts on, named as a person knows it: house, item, period and what it owes. */
function BillSummary({ bill, amount }: { bill: Row; amount?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <dl className="bill-summary">
      <dt>{t('fields.paymentBill.houseName')}</dt>
      <dd>{String(bill.houseName ?? '')}</dd>
      <dt>{t('fields.paymentBill.itemName')}</dt>
      <dd>{`${String(bill.itemName ?? '')} ${String(bill.period ?? '')}`}</dd>
      <dt>{t('billing.owed')}</dt>
      <dd>{amount ?? yuan(String(bill.owed ?? ''))}</dd>
    </dl>
  );
}

/** The reason a reduction, a closing or a refund must give (the bill log keeps it), as long as the server takes. */
function ReasonField() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('billing.reason')}
      rules={[{ required: true, whitespace: true, message: t('billing.reasonRequired') }]}
    >
      <Input.TextArea rows={3} maxLength={reducePayEntity.fields.reason!.maxLength} showCount />
    </Form.Item>
  );
}

function ReduceDialog({ bill, onClose, onSaved }: { bill: Row; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reduceAmount: string; reason: string }>();
  const owed = String(bill.owed ?? '0');
  return (
    <FormDialog
      title={t('billing.reduceTitle')}
      form={form}
      okText={t('common.confirm')}
      onClose={onClose}
      onSaved={onSaved}
      save={async (values) => {
        await api.post('/system-property/reducepay/submit', { billId: bill.id, ...values });
        return t('common.operationSuccess');
      }}
    >
      <BillSummary bill={bill} />
      <Form form={form} name="bill-reduce" layout="vertical">
        <Form.Item name="reduceAmount" label={t('billing.reduceAmount')} rules={moneyRule(t, owed)}>
          <Input inputMode="decimal" prefix="¥" placeholder={t('billing.atMost', { amount: groupedDecimal(owed) })} />
        </Form.Item>
        <ReasonField />
      </Form>
    </FormDialog>
  );
}

function CloseDialog({ bill, onClose, onSaved }: { bill: Row; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormDialog
      title={t('billing.closeTitle')}
      form={form}
      okText={t('common.confirm')}
      onClose={onClose}
      onSaved={onSaved}
      save={async (values) => {
        await api.post(`${BILLS}/close`, { ids: String(bill.id), reason: values.reason });
        return t('common.operationSuccess');
      }}
    >
      <BillSummary bill={bill} />
      <p>{t('billing.closeHint')}</p>
      <Form form={form} name="bill-close" layout="vertical">
        <ReasonField />
      </Form>
    </FormDialog>
  );
}

function RefundDialog({ bill, onClose, onSaved }: { bill: Row; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ whole: boolean; refundAmount?: string; reason: string }>();
  const whole = Form.useWatch('whole', form) ?? true;
  const refundable = refundableOf(bill);
  // One key for this dialog: OK pressed twice (or a retry after a lost answer) refunds once.
  const [clientKey] = useState(newClientKey);
  return (
    <FormDialog
      title={t('billing.refundTitle')}
      form={form}
      okText={t('common.confirm')}
      onClose={onClose}
      onSaved={onSaved}
      save={async (values) => {
        await api.post(`${BILLS}/refund`, {
          billId: bill.id,
          refundAmount: values.whole ? refundable : values.refundAmount,
          reason: values.reason,
          clientKey,
        });
        return t('common.operationSuccess');
      }}
    >
      <BillSummary bill={bill} amount={yuan(refundable)} />
      <Form form={form} name="bill-refund" layout="vertical" initialValues={{ whole: true }}>
        <Form.Item name="whole" label={t('billing.refundKind')}>
          <Radio.Group
            options={[
              { value: true, label: t('billing.refundWhole', { amount: groupedDecimal(refundable) }) },
              { value: false, label: t('billing.refundPart') },
            ]}
          />
        </Form.Item>
        {!whole && (
          <Form.Item name="refundAmount" label={t('billing.refundAmount')} rules={moneyRule(t, refundable)}>
            <Input inputMode="decimal" prefix="¥" placeholder={t('billing.atMost', { amount: groupedDecimal(refundable) })} />
          </Form.Item>
        )}
        <ReasonField />
      </Form>
    </FormDialog>
  );
}

type RemindTarget = { bill: Row } | { query: Record<string, unknown>; listType: BillTabKey; count: number };

/** 短信催缴: one bill's owner at once (sendPhoneMessage), or the filter's bills as a job run (remind-batch). */
function RemindDialog({
  target,
  onClose,
  onSaved,
  onRun,
}: {
  target: RemindTarget;
  onClose: () => void;
  onSaved: () => void;
  onRun: (dialog: BillDialog) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, never>>();
  const one = 'bill' in target;
  return (
    <FormDialog
      title={one ? t('billing.remindTitle') : t('billing.remindBatchTitle')}
      form={form}
      okText={t('billing.send')}
      onClose={onClose}
      onSaved={one ? onSaved : undefined}
      save={async () => {
        if (one) {
          const sent = await api.post<{ records: unknown[] }>('/system-property/sms/sendPhoneMessage', {
            billIds: String(target.bill.id),
          });
          return t('billing.remindSent', { count: sent.records.length });
        }
        const { runId } = await api.post<{ runId: string }>('/system-property/sms/remind-batch', undefined, {
          ...target.query,
          listType: target.listType,
        });
        // The run's dialog follows (after this one has closed).
        setTimeout(() => onRun({ kind: 'run', runId, title: t('billing.remindBatchTitle') }), 0);
        return t('billing.remindQueued');
      }}
    >
      {one ? (
        <>
          <BillSummary bill={target.bill} />
          <p>
            {t('billing.remindOne', { name: String(target.bill.ownerName ?? ''), phone: String(target.bill.ownerPhone ?? '') })}
          </p>
        </>
      ) : (
        <p>{t('billing.remindMany', { count: target.count })}</p>
      )}
      <p className="bill-note">{t('billing.remindRecorded')}</p>
      <Form form={form} name="bill-remind" />
    </FormDialog>
  );
}

/** 账单日志: every change of one bill, with who and why. */
function BillLogDialog({ bill, onClose }: { bill: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>();
  const [actions, setActions] = useState<Map<string, string>>(new Map());
  const [states, setStates] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    void api
      .get<Page<Row>>(`${billLogEntity.base}/list`, { billId_equal: bill.id, size: 100, ascs: 'createTime' })
      .then((page) => setRows(page.records))
      .catch(() => setRows([]));
    const named = (code: string, set: (m: Map<string, string>) => void) =>
      void dictionaryLabels(code).then((items) => set(new Map(items.map((i) => [i.dictKey, i.dictValue]))));
    named('bill_action', setActions);
    named('bill_status', setStates);
  }, [bill.id]);
  const state = (v: unknown) => (v === null || v === undefined ? '' : (states.get(String(v)) ?? String(v)));
  return (
    <Modal open title={t('billing.logTitle')} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      <BillSummary bill={bill} />
      <Table<Row>
        rowKey="id"
        size="small"
        loading={!rows}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('fields.common.createTime'), dataIndex: 'createTime' },
          { title: t('fields.billLog.action'), dataIndex: 'action', render: (v) => actions.get(String(v)) ?? String(v) },
          {
            title: t('billing.stateChange'),
            key: 'states',
            render: (_, r) => (r.fromStatus === r.toStatus ? state(r.toStatus) : `${state(r.fromStatus)} → ${state(r.toStatus)}`),
          },
          { title: t('fields.billLog.amount'), dataIndex: 'amount', align: 'right' },
          { title: t('fields.billLog.operatorName'), dataIndex: 'operatorName' },
          { title: t('fields.billLog.remark'), dataIndex: 'remark' },
        ]}
      />
    </Modal>
  );
}
