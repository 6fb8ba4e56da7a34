import { describe, expect, it } from 'vitest';
import { regionPath } from '../src/modules/epidemic/RegionCascader';
import { reportSheet } from '../src/modules/report/report-sheet';

describe('the from-region picker', () => {
  it('opens a code at its path from the province', () => {
    expect(regionPath('4403')).toEqual(['44', '4403']);
    expect(regionPath('44')).toEqual(['44']);
    expect(regionPath('440305')).toEqual(['44', '4403', '440305']);
    expect(regionPath(null)).toEqual([]);
    expect(regionPath('')).toEqual([]);
  });
});

describe('a saved report as a sheet', () => {
  const figures = (count: number, amount: string) => ({
    count,
    receivable: amount,
    received: amount,
    refunded: '0.00',
    outstanding: '0.00',
    overdue: '0.00',
  });
  const stats = {
    byItem: [{ itemId: '1', itemName: '物业服务费', ...figures(2, '300.50') }],
    byMonth: [
      { period: '2026-01', ...figures(1, '100.25') },
      { period: '2026-02', ...figures(1, '200.25') },
    ],
    total: figures(2, '300.50'),
  };
  const sheet = reportSheet((key) => key, { name: '年度报表', meta: '阳光花园' }, stats);

  it('heads it with the name and what it covers, then both tables each closed by the total', () => {
    expect(sheet[0]).toEqual([{ value: '年度报表', fontWeight: 'bold' }]);
    expect(sheet[1]).toEqual(['阳光花园']);
    const firstCells = sheet.map((row) => row[0]);
    expect(firstCells).toContainEqual({ value: 'billing.stats.byItem', fontWeight: 'bold' });
    expect(firstCells).toContainEqual({ value: 'billing.stats.byMonth', fontWeight: 'bold' });
    const totals = sheet.filter(
      (row) => JSON.stringify(row[0]) === JSON.stringify({ value: 'billing.stats.total', fontWeight: 'bold' }),
    );
    expect(totals).toHaveLength(2);
    expect(totals[0]!.slice(1)).toEqual([2, 300.5, 300.5, 0, 0, 0]);
  });

  it('writes amounts as numbers, rows in the order kept', () => {
    expect(sheet).toContainEqual(['物业服务费', 2, 300.5, 300.5, 0, 0, 0]);
    const months = sheet.filter((row) => typeof row[0] === 'string' && /^\d{4}-\d{2}$/.test(row[0]));
    expect(months.map((row) => row[0])).toEqual(['2026-01', '2026-02']);
  });
});
