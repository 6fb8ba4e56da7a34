import { houseEntity, ownerExamineEntity } from '@property/domain';
import { columnsOf } from '../src/crud/columns';
import { describe, expect, it } from 'vitest';
import { plateParts } from '../src/modules/community/CarDialog';
import { attachmentLinks, isPending } from '../src/modules/community/examine';
import { errorReportSheet, readImportAnswer } from '../src/modules/community/house-import';
import { groupResidents, plateOf } from '../src/modules/community/house-residents';
import { stewardsBody } from '../src/modules/community/MajordomoDialog';
import { houseListScope, nodesOf, withChildren } from '../src/modules/community/resource-tree';

describe('the resource tree', () => {
  const garden = nodesOf([{ id: '1', gardenName: '阳光花园' }], 'garden')[0]!;
  const building = nodesOf([{ id: '2', buildingName: '1栋', gardenId: '1' }], 'building', garden)[0]!;
  const unit = nodesOf([{ id: '3', unitName: '1单元' }], 'unit', building)[0]!;
  const house = nodesOf([{ id: '4', name: '0101', houseName: '1栋1单元0101' }], 'house', unit)[0]!;

  it('carries the ids of every ancestor, houses as leaves', () => {
    expect(garden).toMatchObject({ key: 'garden:1', title: '阳光花园', gardenId: '1', isLeaf: false });
    expect(building).toMatchObject({ key: 'building:2', title: '1栋', gardenId: '1', buildingId: '2' });
    expect(unit).toMatchObject({ title: '1单元', gardenId: '1', buildingId: '2', unitId: '3' });
    expect(house).toMatchObject({ title: '0101', gardenId: '1', buildingId: '2', unitId: '3', isLeaf: true });
  });

  it('narrows the house list to the selected node, else to the header garden', () => {
    expect(houseListScope(undefined, '9')).toEqual({ gardenId: '9' });
    expect(houseListScope(undefined)).toBeUndefined();
    expect(houseListScope(garden)).toEqual({ gardenId: '1' });
    expect(houseListScope(building)).toEqual({ gardenId: '1', buildingId: '2' });
    expect(houseListScope(unit)).toEqual({ gardenId: '1', buildingId: '2', unitId: '3' });
    expect(houseListScope(house)).toEqual({ gardenId: '1', buildingId: '2', unitId: '3' });
  });

  it('puts loaded children in place without touching other nodes', () => {
    const tree = withChildren([garden, { ...garden, key: 'garden:5', id: '5' }], 'garden:1', [building]);
    expect(tree[0]!.children).toEqual([building]);
    expect(tree[1]!.children).toBeUndefined();
    expect(withChildren(tree, 'building:2', [unit])[0]!.children![0]!.children).toEqual([unit]);
  });
});

describe('the house import answer', () => {
  it('reads a saved import, a per-row refusal and any other refusal', () => {
    expect(readImportAnswer(200, { code: 200, data: { total: 3, success: 3, errors: [] } })).toEqual({
      kind: 'saved',
      result: { total: 3, success: 3, errors: [] },
    });
    const rows = readImportAnswer(400, {
      code: 400,
      msg: '导入失败,未保存任何数据。第2行: 请输入房号',
      data: { total: 2, success: 0, errors: [{ row: 2, message: '请输入房号' }] },
    });
    expect(rows).toEqual({
      kind: 'rows',
      msg: '导入失败,未保存任何数据。第2行: 请输入房号',
      result: { total: 2, success: 0, errors: [{ row: 2, message: '请输入房号' }] },
    });
    expect(readImportAnswer(400, { code: 400, msg: '文件类型错误' })).toEqual({ kind: 'refused', msg: '文件类型错误' });
    expect(readImportAnswer(413, {})).toEqual({ kind: 'refused', msg: '未知错误' });
  });

  it('writes the error report: a header, then row number and message', () => {
    const sheet = errorReportSheet(
      [
        { row: 2, message: '请输入房号' },
        { row: 5, message: '与第3行房号重复' },
      ],
      { row: '行号', problem: '错误信息' },
    );
    expect(sheet).toEqual([
      [
        { value: '行号', fontWeight: 'bold' },
        { value: '错误信息', fontWeight: 'bold' },
      ],
      [2, '请输入房号'],
      [5, '与第3行房号重复'],
    ]);
  });
});

describe('house residents and stewards', () => {
  it('splits residents into owners, family and lessees', () => {
    const resident = (id: string, type: number, name: string) => ({
      id,
      type,
      typeName: '',
      name,
      phone: null,
      sex: null,
      idCard: null,
      houseId: null,
      houseName: null,
      gardenId: null,
      ownerId: null,
      relation: null,
      userId: null,
    });
    const groups = groupResidents([
      resident('1', 1, '张三'),
      resident('2', 2, '李四'),
      resident('3', 3, '王五'),
      resident('4', 9, '?'),
    ]);
    expect(groups.owners.map((r) => r.name)).toEqual(['张三']);
    expect(groups.families.map((r) => r.name)).toEqual(['李四']);
    expect(groups.lessees.map((r) => r.name)).toEqual(['王五']);
  });

  it('writes a plate whole', () => {
    expect(plateOf({ carArea: '粤', carCity: 'B', carNumber: '12345' })).toBe('粤B12345');
  });

  it('sends stewards trimmed, a blank user as none', () => {
    expect(
      stewardsBody([
        { userId: '7', name: ' 王管家 ', phone: '13800138001 ' },
        { name: '陈管家', phone: '13800138002' },
      ]),
    ).toEqual([
      { userId: '7', name: '王管家', phone: '13800138001' },
      { userId: null, name: '陈管家', phone: '13800138002' },
    ]);
  });
});

describe('owner examination and cars', () => {
  it('reviews only pending applications', () => {
    expect(isPending(0)).toBe(true);
    expect(isPending('0')).toBe(true);
    expect(isPending(1)).toBe(false);
    expect(isPending(2)).toBe(false);
  });

  it('shows attachments as links, from a list or its JSON text, dropping anything else', () => {
    expect(attachmentLinks([{ name: '产权证', link: '/a.png' }, '/b.png', { name: 'x' }, 3])).toEqual([
      { name: '产权证', link: '/a.png' },
      { name: '#2', link: '/b.png' },
    ]);
    expect(attachmentLinks('[{"name":"身份证","link":"/c.png"}]')).toEqual([{ name: '身份证', link: '/c.png' }]);
    expect(attachmentLinks('not json')).toEqual([]);
    expect(attachmentLinks(null)).toEqual([]);
  });

  it('sends a plate trimmed and upper-case', () => {
    expect(plateParts({ carArea: '粤', carCity: ' b', carNumber: 'a1234 ' })).toEqual({
      carArea: '粤',
      carCity: 'B',
      carNumber: 'A1234',
    });
  });
});

describe('columns of the examination queue', () => {
  it('shows the status of an application, from its dictionary, but not the common row flag', () => {
    const status = columnsOf(ownerExamineEntity, 'zh').find((c) => c.dataIndex === 'status');
    expect(status).toMatchObject({ valueType: 'select', hideInForm: true });
    expect(columnsOf(houseEntity, 'zh').some((c) => c.dataIndex === 'status')).toBe(false);
  });
});
