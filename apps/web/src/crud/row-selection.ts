import type { ProColumns } from '@ant-design/pro-components';
import { cloneElement, isValidElement, type ReactNode } from 'react';
import type { Row } from './columns';

/**
 * What a row is called where only its check box is (a screen reader says "选择 阳光花园"): the value of its first
 * shown column that has one, else its id.
 */
export function rowName(row: Row, columns: ProColumns<Row>[]): string {
  for (const column of columns) {
    if (column.hideInTable || typeof column.dataIndex !== 'string' || column.valueType === 'option') continue;
    const value = row[column.dataIndex];
    if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value);
  }
  return String(row.id ?? '');
}

/**
 * Names for a table's selection check boxes (antd leaves them unnamed, axe's critical `label`): each row's by the
 * row, the header's as "select all on this page".
 */
export function namedSelection(columns: ProColumns<Row>[], rowLabel: (name: string) => string, allLabel: string) {
  return {
    columnTitle: (checkbox: ReactNode) =>
      isValidElement<{ 'aria-label'?: string }>(checkbox) ? cloneElement(checkbox, { 'aria-label': allLabel }) : checkbox,
    // antd's check box hands unknown props to its <input>; its type lists only the check box's own.
    getCheckboxProps: (row: Row) => ({ 'aria-label': rowLabel(rowName(row, columns)) }) as object,
  };
}
