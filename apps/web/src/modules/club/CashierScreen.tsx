import { clubLineAmount, Money, type ConsumeLine, type RecordOf, clubConsumeEntity } from '@property/domain';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  InputNumber,
  List,
  Row,
  Select,
  Space,
  Table,
  message,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import { hoursOf, isHall } from './lines';
import { OrderLines } from './OrderLines';
import './cashier.css';
import { yuan } from '../../app/money-text';

interface Wallet {
  id: string;
  userName?: string | null;
  clubUserName?: string | null;
  userTel?: string | null;
  clubBalance?: string | null;
  houseName?: string | null;
  status?: number | null;
}
interface Product {
  id: string;
  clubProductName: string;
  clubProductPrice: string;
  clubProductType?: string | null;
}
interface Line {
  product: Product;
  num: number;
}
type Order = RecordOf<typeof clubConsumeEntity> & { consumeProducts?: ConsumeLine[] };

const PATH = '/system-property';

/**
 * 收银台 (spec §2.3): find a member's wallet by phone or name, pick products
 * (a hall counted in half-hours, shown as hours), see the total and the
 * balance before and after, settle (消费结算, the cashier_consume button), and
 * print the slip of the order.
 */
export default function CashierScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<Wallet[]>();
  const [wallet, setWallet] = useState<Wallet>();
  const [products, setProducts] = useState<Product[]>([]);
  const [picked, setPicked] = useState<string>();
  const [lines, setLines] = useState<Line[]>([]);
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<{ order: Order; wallet: Wallet }>();

  useEffect(() => {
    void api.get<Product[]>(`${PATH}/clubProduct/list-all`).then(setProducts);
  }, []);

  const search = async (text: string) => {
    if (!text.trim()) return;
    const rows = await api.get<Wallet[]>(`${PATH}/clubBalance/detail/search`, { keyword: text.trim() });
    setFound(rows);
    if (rows.length === 1) setWallet(rows[0]);
  };

  const add = () => {
    const product = products.find((p) => p.id === picked);
    if (!product) return;
    setLines((now) => {
      const at = now.findIndex((l) => l.product.id === product.id);
      if (at < 0) return [...now, { product, num: 1 }];
      return now.map((l, i) => (i === at ? { ...l, num: Math.min(999, l.num + 1) } : l));
    });
    setPicked(undefined);
  };

  const amounts = lines.map((l) => clubLineAmount(l.product.clubProductPrice, l.num, l.product.clubProductType ?? 'goods'));
  const total = Money.format(Money.sum(amounts), 2);
  const before = wallet?.clubBalance ?? '0.00';
  const after = Money.format(Money.sub(before, total), 2);
  const short = Money.isNegative(after);

  const settle = async () => {
    if (!wallet) return;
    setBusy(true);
    try {
      const answer = await api.post<{ order: Order; balance: Wallet }>(`${PATH}/clubConsume/submit`, {
        balanceId: wallet.id,
        consumeProducts: lines.map((l) => ({ clubProductId: l.product.id, num: l.num })),
      });
      void message.success(t('club.settled'));
      const next = { ...wallet, clubBalance: answer.balance.clubBalance };
      setOrder({ order: answer.order, wallet: next });
      setWallet(next);
      setLines([]);
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const productOptions = useMemo(
    () =>
      products.map((p) => ({
        value: p.id,
        label: `${p.clubProductName} ${yuan(p.clubProductPrice)}${isHall({ type: p.clubProductType ?? '' }) ? ` ${t('club.perHour')}` : ''}`,
      })),
    [products, t],
  );

  return (
    <div className="club-cashier">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title={t('club.member')} size="small">
            <Input.Search
              aria-label={t('club.lookupPlaceholder')}
              placeholder={t('club.lookupPlaceholder')}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onSearch={(text) => void search(text)}
              enterButton={t('club.lookup')}
              maxLength={50}
            />
            {found && found.length === 0 && <Empty description={t('club.lookupNone')} />}
            {found && found.length > 0 && (
              <List
                className="club-found"
                size="small"
                dataSource={found}
                renderItem={(w) => (
                  <List.Item>
                    <Button
                      type={wallet?.id === w.id ? 'primary' : 'default'}
                      aria-pressed={wallet?.id === w.id}
                      block
                      onClick={() => setWallet(w)}
                    >
                      {`${w.clubUserName ?? w.userName ?? ''} ${w.userTel ?? ''} · ${yuan(w.clubBalance ?? '0.00')}`}
                    </Button>
                  </List.Item>
                )}
              />
            )}
            {wallet && (
              <Descriptions column={1} size="small" className="club-wallet">
                <Descriptions.Item label={t('fields.clubBalance.userName')}>
                  {wallet.clubUserName ?? wallet.userName}
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.clubBalance.userTel')}>{wallet.userTel}</Descriptions.Item>
                <Descriptions.Item label={t('fields.clubConsume.houseName')}>{wallet.houseName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('fields.clubBalance.clubBalance')}>
                  {yuan(wallet.clubBalance ?? '0.00')}
                </Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title={t('club.products')} size="small">
            <Space.Compact style={{ width: '100%' }}>
              <Select
                aria-label={t('club.pickProduct')}
                placeholder={t('club.pickProduct')}
                showSearch
                optionFilterProp="label"
                options={productOptions}
                value={picked}
                onChange={setPicked}
                style={{ flex: 1 }}
              />
              <Button onClick={add} disabled={!picked}>
                {t('club.addProduct')}
              </Button>
            </Space.Compact>
            <Table<Line>
              className="club-cart"
              size="small"
              rowKey={(l) => l.product.id}
              pagination={false}
              dataSource={lines}
              locale={{ emptyText: t('club.emptyCart') }}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('fields.clubProduct.clubProductName'), render: (_, l) => l.product.clubProductName },
                {
                  title: t('club.price'),
                  render: (_, l) =>
                    `${yuan(l.product.clubProductPrice)}${isHall({ type: l.product.clubProductType ?? '' }) ? ` ${t('club.perHour')}` : ''}`,
                },
                {
                  title: t('club.quantity'),
                  render: (_, l) => {
                    const hall = isHall({ type: l.product.clubProductType ?? '' });
                    return (
                      <Space>
                        <InputNumber
                          aria-label={`${l.product.clubProductName} ${hall ? t('club.halfHours') : t('club.quantity')}`}
                          min={1}
                          max={999}
                          precision={0}
                          value={l.num}
                          onChange={(v) =>
                            setLines((now) => now.map((x) => (x.product.id === l.product.id ? { ...x, num: Number(v ?? 1) } : x)))
                          }
                        />
                        {hall && <span>{t('club.hours', { hours: hoursOf(l.num) })}</span>}
                      </Space>
                    );
                  },
                },
                { title: t('club.lineAmount'), render: (_, __, i) => yuan(amounts[i]) },
                {
                  title: t('common.actions'),
                  render: (_, l) => (
                    <Button
                      type="link"
                      size="small"
                      danger
                      aria-label={t('club.removeLine', { name: l.product.clubProductName })}
                      onClick={() => setLines((now) => now.filter((x) => x.product.id !== l.product.id))}
                    >
                      {t('common.delete')}
                    </Button>
                  ),
                },
              ]}
            />
            <Descriptions column={{ xs: 1, sm: 3 }} size="small" className="club-totals">
              <Descriptions.Item label={t('club.total')}>{yuan(total)}</Descriptions.Item>
              <Descriptions.Item label={t('club.balanceBefore')}>{wallet ? yuan(before) : '-'}</Descriptions.Item>
              <Descriptions.Item label={t('club.balanceAfter')}>{wallet ? yuan(after) : '-'}</Descriptions.Item>
            </Descriptions>
            {wallet && short && <Alert type="error" showIcon message={t('club.insufficient')} />}
            {buttons.has('cashier_consume') && (
              <Button
                type="primary"
                block
                loading={busy}
                disabled={!wallet || lines.length === 0 || short}
                onClick={() => void settle()}
              >
                {t('club.settle')}
              </Button>
            )}
          </Card>
        </Col>
      </Row>
      {order && <Slip order={order.order} wallet={order.wallet} />}
    </div>
  );
}

/** The slip of a settled order, printed on its own (cashier.css hides the rest of the page when printing). */
function Slip({ order, wallet }: { order: Order; wallet: Wallet }) {
  const { t } = useTranslation();
  const lines = order.consumeProducts ?? [];
  return (
    <Card
      title={t('club.slipTitle')}
      size="small"
      className="club-slip"
      extra={
        <Button onClick={() => window.print()} className="club-no-print">
          {t('club.printSlip')}
        </Button>
      }
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('club.orderNo')}>{order.id}</Descriptions.Item>
        <Descriptions.Item label={t('club.time')}>{order.createTime}</Descriptions.Item>
        <Descriptions.Item
          label={t('club.member')}
        >{`${order.consumeUserName ?? ''} ${order.consumeUserTel ?? ''}`}</Descriptions.Item>
        <Descriptions.Item label={t('club.orderProducts')}>
          <OrderLines lines={lines} />
        </Descriptions.Item>
        <Descriptions.Item label={t('club.total')}>{yuan(order.consumeAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('club.balanceBefore')}>{yuan(order.consumeBeforeAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('club.balanceAfter')}>{yuan(wallet.clubBalance)}</Descriptions.Item>
        <Descriptions.Item label={t('club.cashierName')}>{order.updateUserName ?? '-'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
