import { paymentOrderEntity } from '@property/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { useGarden } from '../../app/garden';
import { useTranslation } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import ReceiptDialog from './ReceiptDialog';

/** 缴费订单: the header garden's orders (made by paying at the cashier), each receipt reprinted with 打印. */
export default function OrderScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const { gardenId } = useGarden();
  const [printing, setPrinting] = useState<string>();
  return (
    <>
      <CrudPage
        entity={paymentOrderEntity}
        fixedQuery={gardenId ? { gardenId } : undefined}
        rowActions={(row) =>
          buttons.has('paymentorder_print') && row.receiptNo ? (
            <Button type="link" size="small" onClick={() => setPrinting(String(row.id))}>
              {t('billing.print')}
            </Button>
          ) : null
        }
      />
      {printing && <ReceiptDialog orderId={printing} onClose={() => setPrinting(undefined)} />}
    </>
  );
}
