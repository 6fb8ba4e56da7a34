import {
  BetaSchemaForm,
  ProDescriptions,
  ProTable,
  type ActionType,
  type ColumnsState,
  type ProColumns,
} from '@ant-design/pro-components';
import { routesOf, type EntityDef, type Locale } from '@property/domain';
import { Button, Modal, Space, message } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { APP } from '../app/config';
import { api, type Page } from '../app/http';
import { useButtons } from '../app/permissions';
import { columnsOf, listQuery, type Row } from './columns';
import { canExport, ExportButton } from './ExportButton';
import { ImageUpload } from './ImageUpload';
import { IMAGE_FIELD } from './upload';

type Dialog = { mode: 'add' | 'edit' | 'view'; row?: Row; initial?: Row } | undefined;

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
}

/**
 * The generic screen of an entity (spec §7.1): search with reset, paging,
 * sort, column settings, add / edit / view in a dialog, delete and batch
 * delete. Which buttons show comes from the definition and the user's codes.
 * Page, size and filters live in the URL so a list can be shared and reloaded.
 */
export function CrudPage({
  entity,
  rowActions: extraRowActions,
  toolbar,
  noView,
  fixedQuery,
  listPath = '/list',
  tree,
  fieldOverrides,
  addDefaults,
  savedMessage,
  inAddress = true,
  onChanged,
}: { entity: EntityDef } & CrudExtras) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;
  const columns = useMemo(() => {
    // A tree table shows the hierarchy itself: its parent column would only repeat ids.
    const parentColumn = tree && entity.tree ? { [entity.tree.parent]: { hideInTable: true } } : {};
    return withOverrides(columnsOf(entity, locale), { ...parentColumn, ...fieldOverrides });
  }, [entity, locale, fieldOverrides, tree]);
  const buttons = useButtons();
  const routes = routesOf(entity);
  const can = (action: 'add' | 'edit' | 'delete' | 'view') =>
    buttons.has(`${entity.permission}_${action}`) && !(action === 'view' && noView);
  const canSubmit = routes.includes('submit');
  const canRemove = routes.includes('remove');
  const actionRef = useRef<ActionType>(undefined);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<Dialog>();
  const [addressParams, setAddressParams] = useSearchParams();
  const searchParams = inAddress ? addressParams : new URLSearchParams();
  const setSearchParams = inAddress ? setAddressParams : () => undefined;
  // A lazy tree's rows live here, so expanding a row can splice its children in.
  const [treeRows, setTreeRows] = useState<Row[]>([]);
  const parentField = entity.tree?.parent;
  const fixedKey = JSON.stringify(fixedQuery ?? {});
  const firstFixed = useRef(fixedKey);
  useEffect(() => {
    if (firstFixed.current === fixedKey) return;
    firstFixed.current = fixedKey;
    actionRef.current?.reload();
  }, [fixedKey]);
  const base = entity.base;
  const reload = () => actionRef.current?.reload();
  // The last list query without paging, and the columns hidden in the settings: what 导出 writes.
  const lastQuery = useRef<Record<string, unknown>>({});
  const [columnsState, setColumnsState] = useState<Record<string, ColumnsState>>({});

  const remove = (ids: string[]) => {
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
        void message.success(t('common.deleteSuccess'));
        setSelected([]);
        actionRef.current?.reload();
        onChanged?.();
      },
    });
  };

  const rowActions: ProColumns<Row> = {
    title: t('common.actions'),
    valueType: 'option',
    fixed: 'right',
    width: 180,
    render: (_, row) => (
      <Space size={0}>
        {can('view') && routes.includes('detail') && (
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'view', row })}>
            {t('common.view')}
          </Button>
        )}
        {can('edit') && canSubmit && (
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'edit', row })}>
            {t('common.edit')}
          </Button>
        )}
        {can('delete') && canRemove && (
          <Button type="link" size="small" danger onClick={() => remove([String(row.id)])}>
            {t('common.delete')}
          </Button>
        )}
        {tree && parentField && can('add') && canSubmit && (
          <Button type="link" size="small" onClick={() => setDialog({ mode: 'add', initial: { [parentField]: row.id } })}>
            {t('common.addChild')}
          </Button>
        )}
        {extraRowActions?.(row, reload)}
      </Space>
    ),
  };
  const showActions =
    !!extraRowActions || (can('view') && routes.includes('detail')) || (can('edit') && canSubmit) || (can('delete') && canRemove);
  const initial = Object.fromEntries([...searchParams.entries()].filter(([k]) => k !== 'current' && k !== 'size'));

  return (
    <>
      <ProTable<Row>
        rowKey="id"
        headerTitle={t(`entities.${entity.name}`)}
        actionRef={actionRef}
        columns={showActions ? [...columns, rowActions] : columns}
        form={{ name: `${entity.name}-search`, initialValues: initial, syncToUrl: false }}
        pagination={
          tree
            ? false
            : {
                defaultCurrent: Number(searchParams.get('current') ?? 1),
                defaultPageSize: Number(searchParams.get('size') ?? 10),
                pageSizeOptions: APP.pageSizes,
                showSizeChanger: true,
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
                    .get<Row[]>(`${base}/lazy-list`, { ...fixedQuery, parentId: row.id })
                    .then((children) => setTreeRows((rows) => withChildren(rows, row.id, lazyLevel(children))));
                },
              },
            }
          : {})}
        scroll={{ x: 'max-content' }}
        columnsState={{ value: columnsState, onChange: setColumnsState }}
        rowSelection={
          can('delete') && canRemove ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : false
        }
        request={async (params, sort) => {
          const query = listQuery(entity, params, sort as Record<string, 'ascend' | 'descend'>);
          const { current, size, ...filters } = query;
          lastQuery.current = { ...filters, ...fixedQuery };
          setSearchParams(
            Object.fromEntries(Object.entries({ current, size, ...pickSearch(params) }).map(([k, v]) => [k, String(v)])),
            { replace: true },
          );
          // A search looks through the whole tree; otherwise a lazy tree starts with its first level.
          if (tree === 'lazy' && Object.keys(filters).length === 0) {
            const level = await api.get<Row[]>(`${base}/lazy-list`, { ...filters, ...fixedQuery, parentId: 0 });
            return { data: lazyLevel(level), success: true };
          }
          if (tree) return { data: await api.get<Row[]>(`${base}${listPath}`, { ...filters, ...fixedQuery }), success: true };
          const page = await api.get<Page<Row>>(`${base}${listPath}`, { current, size, ...filters, ...fixedQuery });
          return { data: page.records, total: page.total, success: true };
        }}
        toolBarRender={() => [
          can('add') && canSubmit && (
            <Button key="add" type="primary" onClick={() => setDialog({ mode: 'add' })}>
              {t('common.add')}
            </Button>
          ),
          can('delete') && canRemove && (
            <Button key="remove" danger onClick={() => remove(selected)}>
              {entity.name === 'tenantPackage' ? t('common.batchDeleteSpaced') : t('common.batchDelete')}
            </Button>
          ),
          ...(toolbar?.(selected, reload) ?? []),
          canExport(buttons, entity.permission) && (
            <ExportButton
              key="export"
              entity={entity}
              columns={columns}
              hidden={new Set(Object.keys(columnsState).filter((k) => columnsState[k]?.show === false))}
              query={() => lastQuery.current}
              listPath={listPath}
            />
          ),
        ]}
      />
      {dialog?.mode === 'view' && (
        <Modal open title={t('common.view')} footer={null} onCancel={() => setDialog(undefined)} width={720}>
          <ProDescriptions<Row>
            column={2}
            columns={columns.filter((c) => !c.hideInForm || c.dataIndex === 'createTime') as never}
            request={async () => ({ data: await api.get<Row>(`${base}/detail`, { id: dialog.row?.id }), success: true })}
          />
        </Modal>
      )}
      {(dialog?.mode === 'add' || dialog?.mode === 'edit') && (
        <BetaSchemaForm<Row>
          layoutType="ModalForm"
          // A form name prefixes the field ids, so labels point at the dialog's inputs, not the search form's.
          name={`${entity.name}-dialog`}
          open
          title={dialog.mode === 'add' ? t('common.add') : t('common.edit')}
          columns={columns.filter((c) => !c.hideInForm && (dialog.mode === 'add' || c.valueType !== 'password')) as never}
          modalProps={{ destroyOnHidden: true, onCancel: () => setDialog(undefined) }}
          grid
          colProps={{ span: 12 }}
          request={dialog.mode === 'edit' ? async () => api.get<Row>(`${base}/detail`, { id: dialog.row?.id }) : undefined}
          initialValues={dialog.mode === 'add' ? { ...addDefaults, ...dialog.initial } : undefined}
          onFinish={async (values) => {
            const body =
              dialog.mode === 'edit' ? { ...values, id: dialog.row?.id } : { ...addDefaults, ...dialog.initial, ...values };
            await api.post(`${base}/submit`, body);
            void message.success(savedMessage ?? (dialog.mode === 'add' ? t('common.addSuccess') : t('common.updateSuccess')));
            setDialog(undefined);
            actionRef.current?.reload();
            onChanged?.();
            return true;
          }}
        />
      )}
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
