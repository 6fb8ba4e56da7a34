import { ProTable, type ActionType, type ColumnsState, type ProColumns } from '@ant-design/pro-components';
import { routesOf, type EntityDef, type Locale } from '@property/domain';
import { Button, Modal, message } from 'antd';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../app/i18n';
import { useSearchParams } from 'react-router-dom';
import { APP } from '../app/config';
import { api, earlyData, type Page } from '../app/http';
import { useButtons } from '../app/permissions';
import { usePhoneWidth } from '../app/screen';
import { columnsOf, listQuery, type Row } from './columns';
import { CrudDialogs, type CrudDialog, type CrudDialogsHandle } from './CrudDialogs';
import './CrudPage.css';
import { canExport, ExportButton } from './ExportButton';
import { HistoryDrawer } from './HistoryDrawer';
import { ImageUpload } from './ImageUpload';
import { FIRST_PAGE_SIZE, listTotalOf, pagerTotal, totalText, type ListTotal } from './paging';
import { RowActions } from './RowActions';
import { namedSelection } from './row-selection';
import { successThen } from './message-then';
import { everyLabelIn, keepUnchangedRows, plainCells, redrawChangedRowsOnly, useCellLabels } from './table-cells';
import { IMAGE_FIELD } from './upload';

/** What a screen built on the generic one can add: its own row and toolbar buttons. */
export interface CrudExtras {
  /** Extra buttons after view / edit / delete on each row. */
  rowActions?: (row: Row, reload: () => void) => ReactNode;
  /** Extra toolbar buttons after add / delete, given the selected ids. */
  toolbar?: (selected: string[], reload: () => void) => ReactNode[];
  /** Hides the view button (tenant packages have none). */
  noView?: boolean;
  /** Fixed filters sent with every list call (e.g. the chosen garden); the list reloads when they change. */
  fixedQuery?: Record<string, string>;
  /** The list call after the entity's base, when not `/list` (e.g. `/page`, `/parent-list`). */
  listPath?: string;
  /**
   * Tree table (no paging): `all` when the list call answers the whole tree,
   * `lazy` when `/lazy-list?parentId=` answers one level and children load on
   * expand. Tree rows get a "新增子项" button presetting the parent field.
   */
  tree?: 'all' | 'lazy';
  /** Changes to single columns by field key (a custom form control, a hidden field...). */
  fieldOverrides?: Record<string, Partial<ProColumns<Row>>>;
  /** Values every add dialog starts with and sends (e.g. the parent of a dictionary's entries). */
  addDefaults?: Row;
  /** The toast after a save, instead of 新增成功 / 更新成功 (tenant packages say 操作成功!). */
  savedMessage?: string;
  /** Keeps paging and filters in the address (default); off for a list inside a dialog. */
  inAddress?: boolean;
  /** Called after rows are added, changed or removed (e.g. to refresh a cache of them elsewhere). */
  onChanged?: () => void;
  /** Table-only columns after the definition's (what a row holds beyond plain fields: an order's lines). */
  extraColumns?: ProColumns<Row>[];
  /** Called with each list call's filters (no paging), e.g. to ask the same filter's totals. */
  onQuery?: (filters: Record<string, unknown>) => void;
  /** Hides delete and batch delete although the user may (a list whose rows the server would refuse to remove). */
  noDelete?: boolean;
}

/** How long a list call runs before its spinner shows. */
const SPINNER_DELAY_MS = 400;

/**
 * The generic screen of an entity (spec §7.1): search with reset, paging,
 * sort, column settings, add / edit / view in a dialog, delete and batch
 * delete. Which buttons show comes from the definition and the user's codes.
 * Page, size and filters live in the URL so a list can be shared and reloaded.
 *
 * The table is rendered again only when what it shows changes (rows, columns, selection, the user's buttons,
 * the language): dialogs keep their own state (CrudDialogs), and callbacks read the latest props through a ref.
 */
export function CrudPage(props: { entity: EntityDef } & CrudExtras) {
  const {
    entity,
    noView,
    listPath = '/list',
    tree,
    fieldOverrides,
    addDefaults,
    savedMessage,
    inAddress = true,
    extraColumns,
  } = props;
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;
  const columns = useMemo(() => {
    // A tree table shows the hierarchy itself: its parent column would only repeat ids.
    const parentColumn = tree && entity.tree ? { [entity.tree.parent]: { hideInTable: true } } : {};
    return [...withOverrides(columnsOf(entity, locale), { ...parentColumn, ...fieldOverrides }), ...(extraColumns ?? [])];
  }, [entity, locale, fieldOverrides, tree, extraColumns]);
  const buttons = useButtons();
  const phone = usePhoneWidth();
  const routes = routesOf(entity);
  const can = (action: 'add' | 'edit' | 'delete' | 'view') =>
    buttons.has(`${entity.permission}_${action}`) && !(action === 'view' && noView);
  const canSubmit = routes.includes('submit');
  const canRemove = routes.includes('remove');
  const canDelete = can('delete') && canRemove && !props.noDelete;
  const actionRef = useRef<ActionType>(undefined);
  const dialogs = useRef<CrudDialogsHandle>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [addressParams, setAddressParams] = useSearchParams();
  const searchParams = inAddress ? addressParams : new URLSearchParams();
  // A lazy tree's rows live here, so expanding a row can splice its children in.
  const [treeRows, setTreeRows] = useState<Row[]>([]);
  const parentField = entity.tree?.parent;
  const fixedKey = JSON.stringify(props.fixedQuery ?? {});
  const firstFixed = useRef(fixedKey);
  useEffect(() => {
    if (firstFixed.current === fixedKey) return;
    firstFixed.current = fixedKey;
    actionRef.current?.reload();
  }, [fixedKey]);
  const base = entity.base;
  // The last list query without paging, and the columns hidden in the settings: what 导出 writes.
  const lastQuery = useRef<Record<string, unknown>>({});
  // The last answer's rows: a reload keeps the objects of unchanged rows, so their cells are not drawn again.
  const knownRows = useRef(new Map<string, { json: string; row: Row }>());
  const [columnsState, setColumnsState] = useState<Record<string, ColumnsState>>({});
  // The address's filters fill the search form once, as the screen opens. antd's reset restores a form's initial
  // values, so after that first list call they are empty: 重置 then clears the fields, the list and the address.
  const [initial, setInitial] = useState(() =>
    Object.fromEntries([...searchParams.entries()].filter(([k]) => k !== 'current' && k !== 'size')),
  );
  const initialPending = useRef(Object.keys(initial).length > 0);
  const [firstPage] = useState(() => ({
    current: Number(searchParams.get('current') ?? 1),
    size: Number(searchParams.get('size') ?? FIRST_PAGE_SIZE),
  }));
  // The first page, when it was asked for while this screen's code loaded (crud/first-list-call.ts) and has
  // arrived: the table starts with its rows, instead of rendering empty and again once its own call (which
  // takes the same answer) returns. Only the plain first call of an address without filters is asked early.
  const [earlyPage] = useState(() =>
    inAddress && !tree && !props.fixedQuery && listPath === '/list' && Object.keys(initial).length === 0
      ? earlyData<Page<Row>>(`${entity.base}/list`, { current: firstPage.current, size: firstPage.size })
      : undefined,
  );
  /** What the table's callbacks read when they run: the screen's latest props and address. */
  const latest = useRef({ props, setAddressParams });
  latest.current = { props, setAddressParams };
  const reload = useCallback(() => actionRef.current?.reload(), []);

  // The list is read again once a save's or removal's message has shown: a long page then costs the message nothing.
  const listChanged = useCallback(() => {
    actionRef.current?.reload();
    latest.current.props.onChanged?.();
  }, []);
  const remove = useCallback(
    (ids: string[]) => {
      if (ids.length === 0) {
        void message.warning(t('common.selectAtLeastOne'));
        return;
      }
      Modal.confirm({
        title: t('common.deleteTitle'),
        content: t('common.deleteConfirm'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await api.post(`${base}/remove`, undefined, { ids: ids.join(',') });
          setSelected([]);
          successThen(t('common.deleteSuccess'), listChanged);
        },
      });
    },
    [base, t, listChanged],
  );

  const showView = can('view') && routes.includes('detail');
  const showEdit = can('edit') && canSubmit;
  const showAddChild = !!tree && !!parentField && can('add') && canSubmit;
  const hasExtras = !!props.rowActions;
  // 变更历史 (the audit trail of the row) behind 更多 on every row of an entity people change.
  const showHistory = entity.audit !== false && canSubmit && (showView || showEdit);
  const [historyOf, setHistoryOf] = useState<Row>();
  // The links a row shows at most: the built-in ones and the screen's own (at least one), three at most (RowActions),
  // and 更多 when 变更历史 waits behind it.
  const inlineActions = [showView, showEdit, canDelete, showAddChild, hasExtras].filter(Boolean).length;
  const actionSlots = Math.min(3, inlineActions) + (showHistory && inlineActions <= 3 ? 1 : 0);
  const labels = useCellLabels(columns);
  // The early rows, shown only with their cells' names (a stored value then its name would flicker).
  const [defaultRows] = useState(() =>
    earlyPage && everyLabelIn(columns, labels) ? keepUnchangedRows(earlyPage.records, knownRows) : undefined,
  );
  // The last answer's total as the server gave it (the pager gets it cut at the depth pages reach); the early
  // page's when its rows are shown.
  const [listTotal, setListTotal] = useState<ListTotal>(() =>
    earlyPage && defaultRows ? listTotalOf(earlyPage) : { total: 0, exact: true },
  );
  const cells = useMemo(() => plainCells(columns, labels), [columns, labels]);
  const tableColumns = useMemo(() => {
    if (!hasExtras && !showView && !showEdit && !canDelete && !showHistory) return redrawChangedRowsOnly(cells);
    const open = (dialog: CrudDialog) => dialogs.current?.open(dialog);
    const actions: ProColumns<Row> = {
      title: t('common.actions'),
      valueType: 'option',
      // Fixed at the right edge on a wide screen; on a phone it scrolls with the row, so the data columns are
      // not squeezed behind it (the table scrolls sideways instead).
      fixed: phone ? undefined : 'right',
      // As wide as the links it shows (at most three), or the one ⋯ button on a phone. (ProTable would give a
      // fixed column without a width 200 px, covering more of the data than the links need.)
      ...(phone ? { width: 56, align: 'center' as const } : { width: actionSlots * (locale === 'en' ? 64 : 48) + 16 }),
      // The screen's own actions come before 删除, which goes behind 更多 first when a row has many.
      render: (_, row) => (
        <RowActions
          phone={phone}
          overflow={
            showHistory && (
              <Button key="history" type="link" size="small" onClick={() => setHistoryOf(row)}>
                {t('audit.history')}
              </Button>
            )
          }
          actions={[
            showView && (
              <Button key="view" type="link" size="small" onClick={() => open({ mode: 'view', row })}>
                {t('common.view')}
              </Button>
            ),
            showEdit && (
              <Button key="edit" type="link" size="small" onClick={() => open({ mode: 'edit', row })}>
                {t('common.edit')}
              </Button>
            ),
            <Fragment key="extra">{latest.current.props.rowActions?.(row, reload)}</Fragment>,
            showAddChild && (
              <Button
                key="child"
                type="link"
                size="small"
                onClick={() => open({ mode: 'add', initial: { [parentField!]: row.id } })}
              >
                {t('common.addChild')}
              </Button>
            ),
            canDelete && (
              <Button key="delete" type="link" size="small" danger onClick={() => remove([String(row.id)])}>
                {t('common.delete')}
              </Button>
            ),
          ]}
        />
      ),
    };
    return redrawChangedRowsOnly([...cells, actions]);
    // The screens' own row actions depend on the user's buttons and the language only, both in the list.
  }, [
    cells,
    phone,
    actionSlots,
    locale,
    t,
    buttons,
    showView,
    showEdit,
    canDelete,
    showAddChild,
    showHistory,
    hasExtras,
    parentField,
    remove,
    reload,
  ]);

  // The spinner shows only for a list call that takes a while: a quick reload (after every save) then changes
  // nothing on screen, and a long page is not laid out again for a spinner that would flash (antd blurs the
  // table and spins the 查询 button).
  const [spinning, setSpinning] = useState(false);
  const loading = useCallback(async <T,>(call: Promise<T>): Promise<T> => {
    const timer = window.setTimeout(() => setSpinning(true), SPINNER_DELAY_MS);
    try {
      return await call;
    } finally {
      window.clearTimeout(timer);
      setSpinning(false);
    }
  }, []);

  // One function for the table's whole life: what changes (filters fixed by the screen, the address) is read
  // from `latest` when it runs, and the entity is the same for a screen (its key).
  const request = useCallback(
    (params: Record<string, unknown>, sort: Record<string, unknown>) => loading(list(params, sort)),
    [loading],
  );
  const list = async (params: Record<string, unknown>, sort: Record<string, unknown>) => {
    const { fixedQuery, listPath: path = '/list', tree: treeMode } = latest.current.props;
    if (initialPending.current) {
      initialPending.current = false;
      setInitial({});
    }
    const query = listQuery(entity, params, sort as Record<string, 'ascend' | 'descend'>);
    const { current, size, ...filters } = query;
    lastQuery.current = { ...filters, ...fixedQuery };
    latest.current.props.onQuery?.(lastQuery.current);
    if (inAddress)
      latest.current.setAddressParams(
        Object.fromEntries(Object.entries({ current, size, ...pickSearch(params) }).map(([k, v]) => [k, String(v)])),
        { replace: true },
      );
    // A search looks through the whole tree; otherwise a lazy tree starts with its first level.
    if (treeMode === 'lazy' && Object.keys(filters).length === 0) {
      const level = await api.get<Row[]>(`${base}/lazy-list`, { ...filters, ...fixedQuery, parentId: 0 });
      return { data: lazyLevel(level), success: true };
    }
    if (treeMode)
      return {
        data: keepUnchangedRows(await api.get<Row[]>(`${base}${path}`, { ...filters, ...fixedQuery }), knownRows),
        success: true,
      };
    const page = await api.get<Page<Row>>(`${base}${path}`, { current, size, ...filters, ...fixedQuery });
    const total = listTotalOf(page);
    setListTotal(total);
    return { data: keepUnchangedRows(page.records, knownRows), total: pagerTotal(total), success: true };
  };

  const canAdd = can('add') && canSubmit;
  const canExportList = canExport(buttons, entity.permission);
  const toolBarRender = useCallback(
    () => [
      canAdd && (
        <Button key="add" type="primary" onClick={() => dialogs.current?.open({ mode: 'add' })}>
          {t('common.add')}
        </Button>
      ),
      canDelete && (
        <Button key="remove" danger onClick={() => remove(selected)}>
          {entity.name === 'tenantPackage' ? t('common.batchDeleteSpaced') : t('common.batchDelete')}
        </Button>
      ),
      ...(latest.current.props.toolbar?.(selected, reload) ?? []),
      canExportList && (
        <ExportButton
          key="export"
          entity={entity}
          columns={columns}
          hidden={new Set(Object.keys(columnsState).filter((k) => columnsState[k]?.show === false))}
          query={() => lastQuery.current}
          listPath={listPath}
        />
      ),
    ],
    // The screens' own toolbar buttons depend on the selection and the user's buttons, both in the list.
    [canAdd, canDelete, canExportList, t, buttons, selected, remove, reload, entity, columns, columnsState, listPath],
  );

  const table = useMemo(
    () => (
      <ProTable<Row>
        className="crud-page"
        rowKey="id"
        headerTitle={entity.label[locale]}
        actionRef={actionRef}
        defaultData={defaultRows}
        columns={tableColumns}
        form={{ name: `${entity.name}-search`, initialValues: initial, syncToUrl: false }}
        // Labels as wide as their words: the default 80 px cut English ones ("Product nam", "Owner name" over its field).
        search={{ labelWidth: 'auto' }}
        pagination={
          tree
            ? false
            : {
                defaultCurrent: firstPage.current,
                defaultPageSize: firstPage.size,
                // The pager's pages from the last answer as this screen keeps it: from the first render when
                // the first page came early (ProTable's own count starts at 0 until its call returns).
                total: pagerTotal(listTotal),
                pageSizeOptions: APP.pageSizes,
                showSizeChanger: true,
                showTotal: (_, range) => totalText(t, locale, listTotal, range),
              }
        }
        {...(tree === 'lazy'
          ? {
              dataSource: treeRows,
              onDataSourceChange: setTreeRows,
              expandable: {
                onExpand: (open: boolean, row: Row) => {
                  if (!open || (row.children as Row[] | undefined)?.length) return;
                  void api
                    .get<Row[]>(`${base}/lazy-list`, { ...latest.current.props.fixedQuery, parentId: row.id })
                    .then((children) => setTreeRows((rows) => withChildren(rows, row.id, lazyLevel(children))));
                },
              },
            }
          : {})}
        scroll={{ x: 'max-content' }}
        columnsState={{ value: columnsState, onChange: setColumnsState }}
        rowSelection={
          canDelete
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                ...namedSelection(tableColumns, (name) => t('common.selectRow', { name }), t('common.selectAllRows')),
              }
            : false
        }
        request={request}
        loading={spinning}
        toolBarRender={toolBarRender}
      />
    ),
    [
      t,
      entity,
      tableColumns,
      initial,
      tree,
      firstPage,
      treeRows,
      base,
      columnsState,
      canDelete,
      selected,
      request,
      toolBarRender,
      listTotal,
      locale,
    ],
  );

  return (
    <>
      {table}
      <CrudDialogs
        ref={dialogs}
        entity={entity}
        columns={columns}
        labels={labels}
        addDefaults={addDefaults}
        savedMessage={savedMessage}
        onSaved={listChanged}
      />
      {historyOf && <HistoryDrawer entity={entity} row={historyOf} onClose={() => setHistoryOf(undefined)} />}
    </>
  );
}

/** A lazy tree level: rows with children get an empty `children`, so the table shows their expand button. */
export function lazyLevel(rows: Row[]): Row[] {
  return rows.map((row) => (row.hasChildren ? { ...row, children: [] } : row));
}

/** The tree with the children of one row put in place (rows are never changed in place). */
export function withChildren(rows: Row[], id: unknown, children: Row[]): Row[] {
  return rows.map((row) => {
    if (String(row.id) === String(id)) return { ...row, children };
    const own = row.children as Row[] | undefined;
    return own?.length ? { ...row, children: withChildren(own, id, children) } : row;
  });
}

/**
 * The columns with the screen's overrides merged in by field key, and every
 * image field (by name) shown as a picture and edited with an upload button.
 */
function withOverrides(columns: ProColumns<Row>[], overrides: Record<string, Partial<ProColumns<Row>>> = {}): ProColumns<Row>[] {
  return columns.map((column) => {
    const key = String(column.dataIndex);
    const image: Partial<ProColumns<Row>> =
      IMAGE_FIELD.test(key) && column.valueType === 'text'
        ? { valueType: 'image', ellipsis: false, renderFormItem: () => <ImageUpload /> }
        : {};
    return { ...column, ...image, ...overrides[key] } as ProColumns<Row>;
  });
}

/** The search form's own values (not paging), kept in the URL. */
function pickSearch(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([k, v]) => k !== 'current' && k !== 'pageSize' && v !== undefined && v !== '' && typeof v !== 'object',
    ),
  );
}
