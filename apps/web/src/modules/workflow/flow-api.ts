import { api, type Page } from '../../app/http';
import { loadDictionary } from '../../crud/dictionaries';

/** A row of the work and follow lists (the contract's FlowItem). */
export interface FlowItem {
  taskId: string | null;
  taskName: string | null;
  assigneeName: string | null;
  category: string | null;
  categoryName: string | null;
  createTime: string | null;
  endTime: string | null;
  claimTime: string | null;
  processInstanceId: string | null;
  processDefinitionId: string;
  processDefinitionKey: string;
  processDefinitionName: string;
  processDefinitionVersion: number;
  historyActivityName: string | null;
  businessId: string | null;
  status: 'todo' | 'finished' | 'deleted';
  comment: string | null;
  isPass: boolean | null;
  flag: string | null;
  startUserName: string | null;
}

/** A deployed definition (start-list, manager/list). */
export interface FlowDefinition {
  id: string;
  processKey: string;
  name: string;
  version: number;
  category: string | null;
  resourceName: string | null;
  createTime: string | null;
  suspended: boolean;
}

export interface FlowHistoryItem {
  historyActivityId: string;
  historyActivityName: string;
  historyActivityType: string;
  assigneeName: string | null;
  createTime: string;
  endTime: string | null;
  historyActivityDurationTime: string | null;
  comment: string | null;
  isPass: boolean | null;
}

export interface FlowModelView {
  xml: string;
  completed: string[];
  current: string[];
}

export interface LeaveDetail {
  id: string;
  processInstanceId: string;
  startTime: string;
  endTime: string;
  days: number;
  reason: string;
  applyTime: string;
  applicantName: string;
  finished: boolean;
  approved: boolean | null;
}

/** Someone a leave request may name as its approver. */
export interface Approver {
  id: string;
  realName: string;
}

export type PageQuery = { current: number; size: number };

export const flowCalls = {
  list: <T>(path: string, query: PageQuery & Record<string, unknown>) => api.get<Page<T>>(path, query),
  claim: (taskId: string) => api.post<null>('/blade-flow/work/claim-task', undefined, { taskId }),
  complete: (taskId: string, pass: boolean, comment: string) =>
    api.post<null>('/blade-flow/work/complete-task', { taskId, pass, comment }),
  modelView: (query: { processInstanceId: string } | { processDefinitionId: string }) =>
    api.get<FlowModelView>('/blade-flow/process/model-view', query),
  history: (processInstanceId: string) =>
    api.get<FlowHistoryItem[]>('/blade-flow/process/history-flow-list', { processInstanceId }),
  approvers: () => api.get<Approver[]>('/blade-desk/process/leave/approvers'),
  leave: (businessId: string) => api.get<LeaveDetail | null>('/blade-desk/process/leave/detail', { businessId }),
};

/** The `flow` dictionary: a process category's key → its route key (the entry's remark, e.g. leave). */
export async function flowRouteKeys(): Promise<Map<string, string>> {
  const items = (await loadDictionary('flow')) as Array<{ dictKey: string; remark?: string | null }>;
  return new Map(items.filter((i) => i.remark).map((i) => [i.dictKey, String(i.remark)]));
}

/** The spec's routes of a process's pages (§2.1), by its route key. */
export const flowRoutes = {
  form: (flag: string, processDefinitionId: string) => `/work/process/${flag}/form/${processDefinitionId}`,
  handle: (flag: string, item: FlowItem) =>
    `/work/process/${flag}/handle/${item.taskId}/${item.processInstanceId}/${item.businessId}`,
  detail: (flag: string, item: FlowItem) => `/work/process/${flag}/detail/${item.processInstanceId}/${item.businessId}`,
};

/** A duration in seconds (as the server sends it) in words. */
export function durationText(t: (key: string, p?: Record<string, unknown>) => string, raw: string | null): string {
  if (raw === null || raw === '') return '';
  const s = Number(raw);
  if (s < 60) return t('flow.seconds', { n: s });
  if (s < 3600) return t('flow.minutes', { n: Math.floor(s / 60) });
  if (s < 86400) return t('flow.hours', { n: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  return t('flow.days', { n: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
}
