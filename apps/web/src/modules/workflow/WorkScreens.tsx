import { dictLabel, type Locale } from '@property/domain';
import { Button, message, type TableColumnsType } from 'antd';
import { useContext, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MenusContext } from '../../app/layout/menus-context';
import { flattenMenus } from '../../app/menus';
import { api } from '../../app/http';
import { useTranslation, type Translate } from '../../app/i18n';
import { useButtons } from '../../app/permissions';
import { flowCalls, flowRouteKeys, flowRoutes, type FlowDefinition, type FlowItem } from './flow-api';
import { FlowDiagramDialog } from './FlowDiagramDialog';
import { FlowTable } from './FlowTable';
import { StatusTag } from './StatusTag';
import { useLoaded } from './use-loaded';
import type { DiagramOf } from './FlowDiagram';

type Kind = 'claim' | 'todo' | 'send' | 'done';

const NO_ROUTES = new Map<string, string>();
const STATUS_COLOURS = { todo: 'processing', finished: 'success', deleted: 'default' } as const;

/** The columns each work list shows. */
function itemColumns(t: Translate, locale: Locale, kind: Kind): TableColumnsType<FlowItem> {
  const process: TableColumnsType<FlowItem> = [
    { key: 'process', title: t('flow.processName'), dataIndex: 'processDefinitionName' },
    {
      key: 'category',
      title: t('flow.category'),
      render: (_: unknown, row) => (row.category ? dictLabel(locale, 'flow', row.category, row.categoryName ?? '') : ''),
    },
    {
      key: 'version',
      title: t('flow.version'),
      render: (_: unknown, row) => t('flow.versionN', { n: row.processDefinitionVersion }),
    },
  ];
  const step = {
    key: 'step',
    title: t('flow.taskName'),
    render: (_: unknown, row: FlowItem) => row.taskName ?? row.historyActivityName,
  };
  const status = {
    key: 'status',
    title: t('flow.status'),
    render: (_: unknown, row: FlowItem) => <StatusTag tone={STATUS_COLOURS[row.status]} text={t(`flow.${row.status}`)} />,
  };
  const applicant = { key: 'applicant', title: t('flow.startUser'), dataIndex: 'startUserName' };
  const created = { key: 'created', title: t('flow.createTime'), dataIndex: 'createTime' };
  const ended = { key: 'ended', title: t('flow.endTime'), dataIndex: 'endTime' };
  switch (kind) {
    case 'claim':
      return [...process, step, applicant, created];
    case 'todo':
      return [...process, step, applicant, created, { key: 'claimed', title: t('flow.claimTime'), dataIndex: 'claimTime' }];
    case 'send':
      return [...process, step, status, created, ended];
    case 'done':
      return [
        ...process,
        step,
        applicant,
        {
          key: 'result',
          title: t('flow.result'),
          render: (_: unknown, row: FlowItem) => (row.isPass === null ? '' : t(row.isPass ? 'flow.approve' : 'flow.reject')),
        },
        { key: 'comment', title: t('flow.comment'), dataIndex: 'comment' },
        ended,
      ];
  }
}

const MENU = { claim: 'work_claim', todo: 'work_todo', send: 'work_send', done: 'work_done' } as const;

/** A link-styled action button of a row. */
export function RowButton({ label, onClick, danger }: { label: string; onClick: () => void; danger?: boolean }) {
  return (
    <Button type="link" size="small" danger={danger} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The diagram dialog a list opens, and the function that opens it. */
export function useDiagram(): [ReactNode, (of: DiagramOf, name: string) => void] {
  const [open, setOpen] = useState<{ of: DiagramOf; name: string }>();
  const dialog = open ? <FlowDiagramDialog of={open.of} name={open.name} onClose={() => setOpen(undefined)} /> : null;
  return [dialog, (of, name) => setOpen({ of, name })];
}

/** The name of the menu this screen is open at, in the console's language (the screen's heading). */
export function useMenuTitle(): string {
  const { pathname } = useLocation();
  const menus = useContext(MenusContext);
  return flattenMenus(menus ?? []).find((m) => m.path === pathname)?.name ?? '';
}

/**
 * 待签 / 待办 / 已发 / 办结事务 (spec §4): the caller's tasks and processes. 签收 claims, 办理 opens the
 * process's handle page, 详情 its detail page (both routed by the `flow` dictionary), 跟踪 its diagram and history.
 */
export function WorkListScreen({ kind, query, tools }: { kind: Kind; query?: Record<string, string>; tools?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const buttons = useButtons();
  const navigate = useNavigate();
  const [diagram, openDiagram] = useDiagram();
  const menu = MENU[kind];
  const title = useMenuTitle();
  const claim = async (row: FlowItem, reload: () => void) => {
    await flowCalls.claim(String(row.taskId));
    void message.success(t('flow.claimed'));
    reload();
  };
  const go = (row: FlowItem, page: 'handle' | 'detail') => {
    if (!row.flag || !row.businessId) return void message.warning(t('flow.noForm'));
    void navigate(page === 'handle' ? flowRoutes.handle(row.flag, row) : flowRoutes.detail(row.flag, row));
  };
  return (
    <>
      <FlowTable<FlowItem>
        title={title}
        path={`/blade-flow/work/${kind}-list`}
        query={query}
        rowKey={(row) => row.taskId ?? String(row.processInstanceId)}
        columns={itemColumns(t, i18n.language === 'en' ? 'en' : 'zh', kind)}
        tools={() => tools}
        actions={(row, reload) => (
          <>
            {kind === 'claim' && buttons.has('work_claim_sign') && (
              <RowButton label={t('flow.claim')} onClick={() => void claim(row, reload).catch(() => undefined)} />
            )}
            {kind === 'todo' && buttons.has('work_todo_handle') && (
              <RowButton label={t('flow.handle')} onClick={() => go(row, 'handle')} />
            )}
            {(buttons.has(`${menu}_detail`) || kind === 'send') && (
              <RowButton label={t('flow.detail')} onClick={() => go(row, 'detail')} />
            )}
            {buttons.has(`${menu}_follow`) && (
              <RowButton
                label={t('flow.follow')}
                onClick={() => openDiagram({ processInstanceId: String(row.processInstanceId) }, row.processDefinitionName)}
              />
            )}
          </>
        )}
      />
      {diagram}
    </>
  );
}

/** 发起事务: the processes one may start; 发起 opens the process's form (the `flow` dictionary's route), 流程图 its diagram. */
export function StartListScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const navigate = useNavigate();
  const [diagram, openDiagram] = useDiagram();
  const routes = useLoaded(flowRouteKeys, 'flow') ?? NO_ROUTES;
  const title = useMenuTitle();
  const start = (row: FlowDefinition) => {
    const flag = row.category ? routes.get(row.category) : undefined;
    if (!flag) return void message.warning(t('flow.noForm'));
    void navigate(flowRoutes.form(flag, row.id));
  };
  return (
    <>
      <FlowTable<FlowDefinition>
        title={title}
        path="/blade-flow/work/start-list"
        rowKey={(row) => row.id}
        columns={definitionColumns(t)}
        actions={(row) => (
          <>
            {buttons.has('work_start_flow') && <RowButton label={t('flow.start')} onClick={() => start(row)} />}
            {buttons.has('work_start_image') && (
              <RowButton label={t('flow.diagram')} onClick={() => openDiagram({ processDefinitionId: row.id }, row.name)} />
            )}
          </>
        )}
      />
      {diagram}
    </>
  );
}

/** Columns of a definition row (start-list, manager list). */
export function definitionColumns(t: Translate): TableColumnsType<FlowDefinition> {
  return [
    { key: 'name', title: t('flow.processName'), dataIndex: 'name' },
    { key: 'key', title: t('flow.processKey'), dataIndex: 'processKey' },
    { key: 'version', title: t('flow.version'), render: (_: unknown, row) => t('flow.versionN', { n: row.version }) },
    {
      key: 'state',
      title: t('flow.status'),
      render: (_: unknown, row) => (
        <StatusTag tone={row.suspended ? 'warning' : 'success'} text={t(row.suspended ? 'flow.suspended' : 'flow.active')} />
      ),
    },
    { key: 'time', title: t('flow.deployTime'), dataIndex: 'createTime' },
  ];
}

/** 请假流程 (menu): the caller's leave requests, and 发起请假 with the latest leave process. */
export function LeaveMenuScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const latest = useLoaded(
    () =>
      api
        .get<{ records: FlowDefinition[] }>('/blade-flow/work/start-list', { size: 200 })
        .then((page) => page.records.find((d) => d.processKey === 'leave') ?? null),
    'leave',
  );
  return (
    <WorkListScreen
      kind="send"
      query={{ processKey: 'leave' }}
      tools={
        latest && (
          <Button type="primary" onClick={() => void navigate(flowRoutes.form('leave', latest.id))}>
            {t('flow.leaveStart')}
          </Button>
        )
      }
    />
  );
}

export const WorkClaimScreen = () => <WorkListScreen kind="claim" />;
export const WorkTodoScreen = () => <WorkListScreen kind="todo" />;
export const WorkSendScreen = () => <WorkListScreen kind="send" />;
export const WorkDoneScreen = () => <WorkListScreen kind="done" />;
