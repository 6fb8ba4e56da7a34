import type { ProColumns } from '@ant-design/pro-components';
import { gardenEntity, houseEntity, lesseeEntity, type EntityDef } from '@property/domain';
import { describe, expect, it } from 'vitest';
import { columnsOf, type Row } from '../src/crud/columns';
import { cellText, keepUnchangedRows, plainCells, redrawChangedRowsOnly } from '../src/crud/table-cells';

const column = (entity: EntityDef, key: string) => columnsOf(entity, 'zh').find((c) => c.dataIndex === key)!;

describe("the table's cells", () => {
  it('show a reference or a dictionary value by its label, an amount with ¥ and an area without', () => {
    const labels = { gardenId: new Map([['7', '阳光花园']]), houseType: new Map([['1', '住宅']]) };
    expect(cellText(column(houseEntity, 'gardenId'), '7', labels)).toBe('阳光花园');
    expect(cellText(column(houseEntity, 'houseType'), 1, labels)).toBe('住宅');
    // A value whose label has not arrived (or no longer exists) shows as stored, never blank.
    expect(cellText(column(houseEntity, 'gardenId'), '8', labels)).toBe('8');
    expect(cellText(column(houseEntity, 'builtArea'), '1200.50', labels)).toBe('1,200.50');
    expect(cellText(column(lesseeEntity, 'rent'), '3500.00', labels)).toBe('¥3,500.00');
    expect(cellText(column(houseEntity, 'gardenId'), null, labels)).toBe('-');
  });

  it("show a tree reference (a garden's region) by its node's title", () => {
    const region = column(gardenEntity, 'regionCode');
    expect(region.valueType).toBe('treeSelect');
    expect(cellText(region, '11', { regionCode: new Map([['11', '北京市']]) })).toBe('北京市');
  });

  it('render as plain text, leaving other kinds of cells to their own fields', () => {
    const cells = plainCells(columnsOf(houseEntity, 'zh'), { gardenId: new Map([['7', '阳光花园']]) });
    const garden = cells.find((c) => c.dataIndex === 'gardenId')!;
    const render = garden.render as (dom: unknown, row: Row) => unknown;
    expect(render(null, { gardenId: '7' })).toBe('阳光花园');
    const option: ProColumns<Row> = { valueType: 'option', render: () => 'actions' };
    expect(plainCells([option], {})[0]).toBe(option);
  });
});

describe('a reload of a long page', () => {
  it('keeps the objects of unchanged rows, so their cells are not drawn again; a changed row is new', () => {
    const known = { current: new Map<string, { json: string; row: Row }>() };
    const first = keepUnchangedRows(
      [
        { id: '1', name: 'a' },
        { id: '2', name: 'b' },
      ],
      known,
    );
    const second = keepUnchangedRows(
      [
        { id: '1', name: 'a' },
        { id: '2', name: 'B' },
      ],
      known,
    );
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);
    expect(second[1]).toEqual({ id: '2', name: 'B' });
  });

  it('draws a cell again when its row changed or the columns were built again, not otherwise', () => {
    const row = { id: '1', name: 'a' };
    const [built] = redrawChangedRowsOnly([{ dataIndex: 'name' }]);
    const shouldUpdate = built!.shouldCellUpdate!;
    const render = built!.render as (dom: unknown, row: Row) => unknown;
    expect(shouldUpdate(row, row)).toBe(true); // not drawn by this build yet
    expect(render('a', row)).toBe('a');
    expect(shouldUpdate(row, row)).toBe(false);
    expect(shouldUpdate({ ...row }, row)).toBe(true);
    const [rebuilt] = redrawChangedRowsOnly([{ dataIndex: 'name' }]);
    expect(rebuilt!.shouldCellUpdate!(row, row)).toBe(true); // new labels, language or buttons
  });
});
