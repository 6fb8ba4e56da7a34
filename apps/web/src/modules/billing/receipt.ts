import { Money } from '@property/domain';

/** A receipt to print (get-print-bill-list): the order, its bills, the amount in capitals, prints so far. */
export interface Receipt {
  order: {
    id: string;
    orderNo: string;
    receiptNo: string;
    houseName: string | null;
    ownerName: string | null;
    payerName: string | null;
    payType: number | null;
    payTime: string | null;
    totalAmount: string;
  };
  gardenName: string | null;
  bills: Array<{ id: string; itemName: string | null; period: string; paidAmount: string; lateFee: string }>;
  capitalAmount: string;
  printCount: number;
}

/** The receipt's lines: each bill's settled amount, its late fee and both (they add up to the order's total). */
export function receiptRows(receipt: Receipt) {
  return receipt.bills.map((b) => ({
    id: b.id,
    itemName: b.itemName ?? '',
    period: b.period,
    owed: Money.toMoney(b.paidAmount),
    lateFee: Money.toMoney(b.lateFee),
    subtotal: Money.toMoney(Money.add(b.paidAmount, b.lateFee)),
  }));
}

/** The printed page's size and margins (A5 landscape fits a receipt of a few lines; A4 portrait the long ones). */
export function paperStyle(paper: 'A5' | 'A4'): string {
  return `@page { size: ${paper === 'A5' ? 'A5 landscape' : 'A4 portrait'}; margin: 10mm; }`;
}
