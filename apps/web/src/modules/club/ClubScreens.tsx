import {
  clubBalanceEntity,
  clubConsumeEntity,
  clubEntity,
  clubProductEntity,
  clubRechargeEntity,
  OPEN_CLOSE,
  ownerEntity,
  type ConsumeLine,
  type ValidityTag,
} from '@property/domain';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, DatePicker, Form, Input, Switch, Tag, message } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { useButtons, useCanRead } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { ImageUpload } from '../../crud/ImageUpload';
import { FormDialog } from '../community/FormDialog';
import { Editor } from '../service/PublicationScreen';
import '../service/rich-text.css';
import './club.css';
import { TAG_COLOURS } from './lines';
import { OrderLines } from './OrderLines';

type Overrides = Record<string, Partial<ProColumns<Row>>>;

/** 会所信息: every field required, the introduction edited as rich text. */
export function ClubScreen() {
  const overrides = useMemo<Overrides>(
    () => ({
      content: { hideInTable: true, hideInSearch: true, colProps: { span: 24 }, renderFormItem: () => <Editor /> },
    }),
    [],
  );
  return <CrudPage entity={clubEntity} fieldOverrides={overrides} />;
}

/** The product's image: 180×160 at quality 0.3 (spec §9). */
const PRODUCT_CROP = { width: 180, height: 160, quality: 0.3 };

/** 商品管理: cover cropped on upload, the status a switch on the list (clubProduct/update). */
export function ProductScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const canEdit = buttons.has('clubproduct_edit');
  const overrides = useMemo<Overrides>(
    () => ({
      clubProductImages: {
        valueType: 'image',
        ellipsis: false,
        hideInSearch: true,
        renderFormItem: () => (
          <ImageUpload crop={PRODUCT_CROP} messages={{ type: 'service.coverType', size: 'service.coverSize' }} />
        ),
      },
      status: {
        render: (_, row) => <StatusSwitch row={row} disabled={!canEdit} label={t('fields.clubProduct.status')} />,
      },
    }),
    [canEdit, t],
  );
  return <CrudPage entity={clubProductEntity} fieldOverrides={overrides} />;
}

function StatusSwitch({ row, disabled, label }: { row: Row; disabled: boolean; label: string }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(Number(row.status) === OPEN_CLOSE.open);
  const [busy, setBusy] = useState(false);
  const flip = async (next: boolean) => {
    setBusy(true);
    try {
      await api.post('/system-property/clubProduct/update', { id: row.id, status: next ? OPEN_CLOSE.open : OPEN_CLOSE.close });
      setOn(next);
      void message.success(t('common.operationSuccess'));
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      checked={on}
      loading={busy}
      disabled={disabled}
      aria-label={`${label} ${String(row.clubProductName ?? '')}`}
      onChange={(next) => void flip(next)}
    />
  );
}

/** The tag of a recharge's days left (spec §4). */
export function ValidityTagOf({ row }: { row: Row }) {
  const { t } = useTranslation();
  const tag = (row.validityTag ?? 'none') as ValidityTag;
  const words =
    tag === 'none' ? t('club.noValidity') : tag === 'expired' ? t('club.expired') : t('club.daysLeft', { days: row.validityEnd });
  return (
    <Tag color={TAG_COLOURS[tag]} className="club-tag">
      {words}
    </Tag>
  );
}

/** 充值记录: the validity date with its days-left tag; dates searched as a range of whole days. */
export function RechargeScreen() {
  const overrides = useMemo<Overrides>(
    () => ({
      validityDate: {
        // Room for the date and its tag on one line in either language ("2027-11-24 365 days left"): narrower, the
        // tag ran under the fixed actions column.
        width: 220,
        render: (_, row) => (
          <span>
            {row.validityDate ? `${String(row.validityDate)} ` : ''}
            <ValidityTagOf row={row} />
          </span>
        ),
      },
    }),
    [],
  );
  return <CrudPage entity={clubRechargeEntity} fieldOverrides={overrides} />;
}

/** 会员钱包: newest recharge first; 充值 on a row opens the recharge form. */
export function WalletScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [charging, setCharging] = useState<{ row: Row; reload: () => void }>();
  const readsOwners = useCanRead(ownerEntity.permission) !== false;
  // The owner column names the member by the name the wallet keeps (a clerk holding only club menus reads no owner
  // list, which showed their ids): the copies of the name stay out of the table. Without the owner list the member
  // is searched by that name only, not picked from an empty list.
  const overrides = useMemo<Overrides>(
    () => ({
      ownerId: { render: (_, row) => String(row.ownerName ?? ''), hideInSearch: !readsOwners },
      ownerName: { hideInTable: true },
      userName: { hideInTable: true, hideInSearch: true },
    }),
    [readsOwners],
  );
  return (
    <>
      <CrudPage
        entity={clubBalanceEntity}
        fieldOverrides={overrides}
        // Without the recharge button, no row action of the screen's own (an empty actions column otherwise).
        rowActions={
          buttons.has('clubbalance_recharge')
            ? (row, reload) =>
                Number(row.status) === OPEN_CLOSE.open ? (
                  <Button type="link" size="small" onClick={() => setCharging({ row, reload })}>
                    {t('club.recharge')}
                  </Button>
                ) : null
            : undefined
        }
      />
      {charging && <RechargeDialog wallet={charging.row} onSaved={charging.reload} onClose={() => setCharging(undefined)} />}
    </>
  );
}

interface RechargeValues {
  rechargeAmount: string;
  validityDate?: Dayjs;
}

function RechargeDialog({ wallet, onSaved, onClose }: { wallet: Row; onSaved: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RechargeValues>();
  const save = async (values: RechargeValues) => {
    await api.post('/system-property/clubClubRecharge/submit', {
      balanceId: wallet.id,
      rechargeAmount: values.rechargeAmount,
      validityDate: values.validityDate ? values.validityDate.format('YYYY-MM-DD') : undefined,
    });
    return t('common.addSuccess');
  };
  return (
    <FormDialog title={t('club.rechargeTitle')} form={form} save={save} onSaved={onSaved} onClose={onClose}>
      <Form form={form} name="club-recharge" layout="vertical">
        <Form.Item label={t('fields.clubBalance.userName')} htmlFor="club-recharge-member">
          <Input id="club-recharge-member" value={`${String(wallet.userName ?? '')} ${String(wallet.userTel ?? '')}`} disabled />
        </Form.Item>
        <Form.Item
          name="rechargeAmount"
          label={t('fields.clubClubRecharge.rechargeAmount')}
          rules={[{ required: true, whitespace: true, message: t('errors.rechargeAmountRequired') }]}
        >
          <Input inputMode="decimal" maxLength={13} />
        </Form.Item>
        <Form.Item name="validityDate" label={t('fields.clubClubRecharge.validityDate')}>
          <DatePicker format="YYYY-MM-DD" disabledDate={(d) => !d.isAfter(dayjs(), 'day')} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}

/** 消费订单: read-only, newest first, each with its products. */
export function ConsumeScreen() {
  const { t } = useTranslation();
  const overrides = useMemo<Overrides>(
    () => ({
      balanceId: { hideInTable: true, hideInSearch: true },
      houseId: { hideInTable: true, hideInSearch: true },
    }),
    [],
  );
  const lines = useMemo<ProColumns<Row>[]>(
    () => [
      {
        title: t('fields.clubConsume.consumeProducts'),
        dataIndex: 'consumeProducts',
        hideInSearch: true,
        hideInForm: true,
        render: (_, row) => (
          <OrderLines lines={(Array.isArray(row.consumeProducts) ? row.consumeProducts : []) as ConsumeLine[]} />
        ),
      },
    ],
    [t],
  );
  return <CrudPage entity={clubConsumeEntity} fieldOverrides={overrides} extraColumns={lines} />;
}
