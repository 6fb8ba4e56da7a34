import type { ProColumns } from '@ant-design/pro-components';
import { useEffect, useState } from 'react';
import type { ChoicesCall, Row } from './columns';
import { labelMap } from './export';
import { groupedDecimal, yuan } from '../app/money-text';

/** The labels of a column's choices (dictionary entries, referenced rows) by stored value. */
export type CellLabels = Record<string, ReadonlyMap<string, string>>;

/** Columns whose cells show a label chosen from a list: selects and tree selects with their own choices. */
const labelled = (column: ProColumns<Row>) =>
  !column.hideInTable && !!column.request && (column.valueType === 'select' || column.valueType === 'treeSelect');

/** The labels of every choice column whose choices have arrived already; undefined unless all have. */
export function arrivedLabels(columns: ProColumns<Row>[]): CellLabels | undefined {
  const labels: Record<string, ReadonlyMap<string, string>> = {};
  for (const column of columns.filter(labelled)) {
    const choices = (column.request as ChoicesCall).arrived?.();
    if (!choices) return undefined;
    labels[String(column.dataIndex)] = labelMap(choices);
  }
  return labels;
}

/** Whether every choice column of the table has its labels: its cells show names, not stored values. */
export const everyLabelIn = (columns: ProColumns<Row>[], labels: CellLabels) =>
  columns.filter(labelled).every((column) => labels[String(column.dataIndex)]);

/**
 * The labels of every choice column of a table, each loaded once with the column's own choices call (the same
 * the search form and the dialog use, so a reference shows the same name everywhere). Empty until they arrive;
 * on the first render already when every column's choices have arrived (the first screen's dictionaries are
 * asked for with its rows, crud/first-list-call.ts), so rows shown at once show names.
 */
export function useCellLabels(columns: ProColumns<Row>[]): CellLabels {
  const [first] = useState(() => ({ columns, labels: arrivedLabels(columns) }));
  const [labels, setLabels] = useState<CellLabels>(first.labels ?? {});
  useEffect(() => {
    if (first.labels && columns === first.columns) return;
    let live = true;
    const choices = columns.filter(labelled);
    // All at once, so the table renders once with every label rather than once per column.
    void Promise.allSettled(choices.map((column) => column.request!((column.params ?? {}) as never, {} as never))).then(
      (answers) => {
        if (!live) return;
        const loaded: Record<string, ReadonlyMap<string, string>> = {};
        answers.forEach((answer, i) => {
          // A refused call has shown its toast; its cells keep the stored values.
          if (answer.status === 'fulfilled')
            loaded[String(choices[i]!.dataIndex)] = labelMap(answer.value as Array<Record<string, unknown>>);
        });
        setLabels(loaded);
      },
    );
    return () => {
      live = false;
    };
  }, [columns]);
  return labels;
}

const blank = (value: unknown) => value === undefined || value === null || value === '';

/** What a cell of this column shows for a value: a label, a grouped amount, or the text itself. */
export function cellText(column: ProColumns<Row>, value: unknown, labels: CellLabels): string {
  if (blank(value)) return '-';
  const names = labels[String(column.dataIndex)];
  if (labelled(column)) {
    const values = Array.isArray(value) ? value : [value];
    return values.map((v) => names?.get(String(v)) ?? String(v)).join(',');
  }
  if (column.valueType === 'money') {
    const measure = (column.fieldProps as { moneySymbol?: boolean } | undefined)?.moneySymbol === false;
    return measure ? groupedDecimal(String(value)) : yuan(String(value));
  }
  return String(value);
}

/** Value types a table cell shows as plain text; others (images, passwords, the actions) keep their own field. */
const PLAIN = new Set(['text', 'select', 'treeSelect', 'digit', 'money', 'date', 'dateTime']);

/**
 * The table's cells as plain text: ProTable would mount a field component in every cell (a select with its
 * own choices call and styles, a formatted number...), which made a page of 200 rows take seconds to render
 * each time it was read again. The search form and the dialogs keep the fields.
 */
export function plainCells(columns: ProColumns<Row>[], labels: CellLabels): ProColumns<Row>[] {
  return columns.map((column) =>
    column.hideInTable || !PLAIN.has(String(column.valueType ?? 'text')) || column.render
      ? column
      : {
          ...column,
          render: (_dom, row) => {
            const value = column.renderText
              ? column.renderText(row[String(column.dataIndex)], row, 0, undefined as never)
              : row[String(column.dataIndex)];
            return cellText(column, value, labels);
          },
        },
  );
}

/**
 * The columns with each cell drawn again only when its row changed (a new object) or the columns did (a new
 * build: labels arrived, the language or the user's buttons changed). antd draws every cell of every row on
 * each render of the table (the loading spinner, the answer of a reload), which is what a long page paid.
 */
export function redrawChangedRowsOnly(columns: ProColumns<Row>[]): ProColumns<Row>[] {
  return columns.map((column) => {
    // The rows this build of the column has drawn: a row drawn by an earlier build is drawn again.
    const drawn = new WeakSet<object>();
    const render = column.render;
    return {
      ...column,
      shouldCellUpdate: (row: Row, previous: Row) => row !== previous || !drawn.has(row),
      render: (dom, row, ...rest) => {
        drawn.add(row);
        return render ? render(dom, row, ...rest) : dom;
      },
    };
  });
}

/**
 * The rows of an answer, keeping the objects of the rows that did not change since the last one (by id and
 * content), so their cells are not drawn again. `known` holds the last answer's rows and is replaced.
 */
export function keepUnchangedRows(rows: Row[], known: { current: Map<string, { json: string; row: Row }> }): Row[] {
  const next = new Map<string, { json: string; row: Row }>();
  const kept = rows.map((row) => {
    const json = JSON.stringify(row);
    const before = known.current.get(String(row.id));
    const same = before && before.json === json ? before.row : row;
    next.set(String(row.id), { json, row: same });
    return same;
  });
  known.current = next;
  return kept;
}
