import { PAY_TYPE, prepaidAccountEntity, prepaidLedgerEntity } from '@property/domain';
import { Button, Drawer, Form, Input, Modal, Radio, Typography, message } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useGarden } from '../../app/garden';
import { api } from '../../app/http';
import type { TopUpAnswer } from '../../app/answers';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { dictionaryLabels } from '../../crud/dictionaries';
import { quietly } from '../community/quietly';
import { gardenPickers } from '../community/garden-pickers';
import { moneyRule, newClientKey } from './cashier';
import { groupedDecimal } from '../../app/money-text';

/** How a top-up is paid in: cash, card or transfer (the balance itself and online payments are not). */
const TOP_UP_METHODS = [PAY_TYPE.cash, PAY_TYPE.card, PAY_TYPE.transfer];
/** Copies the list needs no column for: the house and owner columns already show these names. */
const ACCOUNT_COLUMNS = {
  houseName: { hideInTable: true },
  ownerName: { hideInTable: true },
};
/** In an account's ledger the account, its garden and names are the drawer's own; the receipt number is enough. */
const LEDGER_COLUMNS = Object.fromEntries(
  ['prepaidAccountId', 'gardenId', 'houseName', 'ownerName', 'receiptYear', 'receiptSeq', 'clientKey'].map((key) => [
    key,
    { hideInTable: true, hideInSearch: true },
  ]),
);
/** The largest top-up the form takes (the server's amount allows twelve digits; a cashier types far less). */
const TOP_UP_MAX = '9999999999.99';

/**
 * 预存款: the header garden's owners' pre-paid accounts with their balances; 新增 opens one for a house (its
 * billed owner's), 充值 tops one up (its receipt number shown), 流水 lists every movement. Paying bills from a
 * balance is the cashier's 余额.
 */
export default function PrepaidScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const { gardenId } = useGarden();
  const scope = useMemo(() => (gardenId ? { gardenId } : undefined), [gardenId]);
  const overrides = useMemo(
    () => ({ ...ACCOUNT_COLUMNS, ...(gardenId ? gardenPickers(prepaidAccountEntity, gardenId) : {}) }),
    [gardenId],
  );
  const [toppingUp, setToppingUp] = useState<{ row: Row; reload: () => void }>();
  const [ledgerOf, setLedgerOf] = useState<Row>();
  return (
    <>
      <CrudPage
        entity={prepaidAccountEntity}
        fixedQuery={scope}
        fieldOverrides={overrides}
        rowActions={(row, reload) => (
          <>
            {buttons.has('prepaidaccount_topup') && (
              <Button type="link" size="small" onClick={() => setToppingUp({ row, reload })}>
                {t('billing.prepaid.topUp')}
              </Button>
            )}
            <Button type="link" size="small" onClick={() => setLedgerOf(row)}>
              {t('billing.prepaid.ledger')}
            </Button>
          </>
        )}
      />
      {toppingUp && (
        <TopUpDialog
          account={toppingUp.row}
          onClose={() => setToppingUp(undefined)}
          onDone={() => {
            toppingUp.reload();
            setToppingUp(undefined);
          }}
        />
      )}
      {ledgerOf && (
        <Drawer
          open
          width={1000}
          title={t('billing.prepaid.ledgerTitle', { house: ledgerOf.houseName ?? '', owner: ledgerOf.ownerName ?? '' })}
          onClose={() => setLedgerOf(undefined)}
        >
          <CrudPage
            entity={prepaidLedgerEntity}
            inAddress={false}
            fixedQuery={{ prepaidAccountId: String(ledgerOf.id) }}
            fieldOverrides={LEDGER_COLUMNS}
          />
        </Drawer>
      )}
    </>
  );
}

/** The top-up form: amount and how it was paid in; one key per open dialog, so a double click tops up once. */
function TopUpDialog({ account, onClose, onDone }: { account: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ amount: string; payType: number; remark?: string }>();
  const [methods, setMethods] = useState<Map<string, string>>(new Map());
  const [saving, setSaving] = useState(false);
  const key = useRef(newClientKey());
  useEffect(() => {
    void dictionaryLabels('pay_type').then((items) => setMethods(new Map(items.map((i) => [i.dictKey, i.dictValue]))));
  }, []);
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const answer = await api.post<TopUpAnswer>('/system-property/prepaidaccount/top-up', {
        prepaidAccountId: String(account.id),
        amount: values.amount.trim(),
        payType: values.payType,
        remark: values.remark?.trim() || undefined,
        clientKey: key.current,
      });
      void message.success(
        t(answer.deducted > 0 ? 'billing.prepaid.toppedUpDeducted' : 'billing.prepaid.toppedUp', {
          amount: answer.ledger.amount,
          receiptNo: answer.ledger.receiptNo,
          balance: answer.account.balance,
          count: answer.deducted,
        }),
      );
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('billing.prepaid.topUpTitle', { house: account.houseName ?? '', owner: account.ownerName ?? '' })}
      okText={t('billing.prepaid.topUp')}
      confirmLoading={saving}
      onOk={() => void quietly(save)}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      <Typography.Paragraph>
        {t('billing.prepaid.balanceNow', { amount: groupedDecimal(String(account.balance ?? '0.00')) })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" name="prepaid-top-up" initialValues={{ payType: PAY_TYPE.cash }}>
        <Form.Item name="amount" label={t('billing.prepaid.amount')} rules={moneyRule(t, TOP_UP_MAX)}>
          <Input inputMode="decimal" autoFocus />
        </Form.Item>
        <Form.Item name="payType" label={t('billing.prepaid.payType')}>
          <Radio.Group options={TOP_UP_METHODS.map((m) => ({ value: m, label: methods.get(String(m)) ?? String(m) }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('billing.prepaid.remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
