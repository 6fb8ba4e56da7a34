import { Alert, Button, Modal, Radio, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../app/http';
import { useTranslation } from '../../app/i18n';
import { dictionaryLabels } from '../../crud/dictionaries';
import { quietly } from '../community/quietly';
import { paperStyle, receiptRows, type Receipt } from './receipt';
import './receipt.css';
import { yuan } from '../../app/money-text';

/** The style element that gives the printed page its paper size while a receipt prints. */
const PAGE_STYLE_ID = 'receipt-page-size';
/** Where the receipt is copied to print: the only thing on the printed page (receipt.css). */
const PRINT_ROOT_ID = 'receipt-print-root';

/** The element of this id under <head> or <body>, made when missing. */
function ownElement(id: string, tag: string, parent: HTMLElement): HTMLElement {
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement(tag);
    element.id = id;
    parent.appendChild(element);
  }
  return element;
}

/**
 * 收款收据: an order's receipt as it prints — the garden, the receipt and order numbers, the house and payer, each
 * bill with its late fee, the total in figures and in Chinese capitals (from the money module, on the server) —
 * on A5 or A4. 打印 records the print (paymentorderprint: the first is the original, later ones copies) and
 * opens the browser's print dialog with the receipt alone on the page (receipt.css).
 */
export default function ReceiptDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [receipt, setReceipt] = useState<Receipt | null>();
  const [paper, setPaper] = useState<'A5' | 'A4'>('A5');
  const [methods, setMethods] = useState<Map<string, string>>(new Map());
  const [printing, setPrinting] = useState(false);
  const load = () =>
    api
      .post<Receipt | null>('/system-property/paymentbill/get-print-bill-list', { orderId })
      .then(setReceipt)
      .catch(() => setReceipt(null));
  useEffect(() => {
    void load();
    void dictionaryLabels('pay_type').then((items) => setMethods(new Map(items.map((i) => [i.dictKey, i.dictValue]))));
  }, [orderId]);
  useEffect(
    () => () => {
      document.getElementById(PAGE_STYLE_ID)?.remove();
      document.getElementById(PRINT_ROOT_ID)?.remove();
    },
    [],
  );
  const sheet = useRef<HTMLElement>(null);

  const print = async () => {
    setPrinting(true);
    try {
      await api.post('/system-property/paymentorderprint/submit', { orderId, paperSize: paper });
      ownElement(PAGE_STYLE_ID, 'style', document.head).textContent = paperStyle(paper);
      // The receipt as it is now (the original, or a copy): the page prints it alone, not the console around it.
      if (sheet.current) ownElement(PRINT_ROOT_ID, 'div', document.body).replaceChildren(sheet.current.cloneNode(true));
      window.print();
      await load();
    } finally {
      setPrinting(false);
    }
  };

  const order = receipt?.order;
  return (
    <Modal
      open
      width={paper === 'A4' ? 900 : 760}
      title={t('billing.receiptTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Radio.Group
            aria-label={t('billing.paperSize')}
            optionType="button"
            value={paper}
            onChange={(e) => setPaper(e.target.value as 'A5' | 'A4')}
            options={['A5', 'A4'].map((v) => ({ value: v, label: v }))}
          />
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button type="primary" loading={printing} disabled={!receipt} onClick={() => void quietly(print)}>
            {t('billing.print')}
          </Button>
        </Space>
      }
    >
      {receipt === undefined && <Spin />}
      {receipt === null && <Alert type="warning" showIcon message={t('billing.receiptMissing')} />}
      {receipt && order && (
        <article ref={sheet} className={`receipt-sheet receipt-${paper.toLowerCase()}`} aria-label={t('billing.receiptTitle')}>
          <header className="receipt-head">
            <h2>{t('billing.receiptHeading', { garden: receipt.gardenName ?? '' })}</h2>
            {receipt.printCount > 0 && <span className="receipt-copy">{t('billing.receiptCopy')}</span>}
          </header>
          <dl className="receipt-meta">
            <dt>{t('fields.paymentOrder.receiptNo')}</dt>
            <dd>{order.receiptNo}</dd>
            <dt>{t('fields.paymentOrder.orderNo')}</dt>
            <dd>{order.orderNo}</dd>
            <dt>{t('fields.paymentOrder.payTime')}</dt>
            <dd>{order.payTime}</dd>
            <dt>{t('fields.paymentOrder.houseName')}</dt>
            <dd>{order.houseName}</dd>
            <dt>{t('billing.payer')}</dt>
            <dd>{order.payerName ?? order.ownerName ?? ''}</dd>
            <dt>{t('fields.paymentOrder.payType')}</dt>
            <dd>{methods.get(String(order.payType)) ?? order.payType}</dd>
          </dl>
          <table className="receipt-table">
            <thead>
              <tr>
                <th scope="col">{t('fields.paymentBill.itemName')}</th>
                <th scope="col">{t('fields.paymentBill.period')}</th>
                <th scope="col">{t('billing.owed')}</th>
                <th scope="col">{t('fields.paymentBill.lateFee')}</th>
                <th scope="col">{t('billing.subtotal')}</th>
              </tr>
            </thead>
            <tbody>
              {receiptRows(receipt).map((r) => (
                <tr key={r.id}>
                  <td>{r.itemName}</td>
                  <td>{r.period}</td>
                  <td className="num">{r.owed}</td>
                  <td className="num">{r.lateFee}</td>
                  <td className="num">{r.subtotal}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('billing.receiptTotal')}
                </th>
                <td colSpan={3}>
                  <span className="receipt-total">
                    <span className="receipt-capital">{receipt.capitalAmount}</span>
                    <span className="num">{yuan(order.totalAmount)}</span>
                  </span>
                </td>
              </tr>
            </tfoot>
          </table>
          <footer className="receipt-foot">
            <span>{t('billing.receiptCashier')}</span>
            <span>{t('billing.receiptSeal')}</span>
          </footer>
        </article>
      )}
    </Modal>
  );
}
