import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../../app/preloadable';

const work = () => import('./WorkScreens');
const manage = () => import('./ManageScreens');

/** 我的事务 and 流程管理 by menu code, each list its own chunk (registered in app/screens.ts); bpmn-js loads later still. */
export const WORKFLOW_SCREENS: Record<string, Preloadable<ComponentType>> = {
  work_start: preloadable(() => work().then((m) => ({ default: m.StartListScreen }))),
  work_claim: preloadable(() => work().then((m) => ({ default: m.WorkClaimScreen }))),
  work_todo: preloadable(() => work().then((m) => ({ default: m.WorkTodoScreen }))),
  work_send: preloadable(() => work().then((m) => ({ default: m.WorkSendScreen }))),
  work_done: preloadable(() => work().then((m) => ({ default: m.WorkDoneScreen }))),
  leave: preloadable(() => work().then((m) => ({ default: m.LeaveMenuScreen }))),
  model: preloadable(() => manage().then((m) => ({ default: m.ModelScreen }))),
  deploy: preloadable(() => manage().then((m) => ({ default: m.DeployScreen }))),
  follow: preloadable(() => manage().then((m) => ({ default: m.FollowScreen }))),
};

const leave = () => import('./LeavePages');

/** The leave process's pages at the spec's routes (§2.1), which no menu names. */
export const LeaveFormPage = preloadable(() => leave().then((m) => ({ default: m.LeaveFormPage })));
export const LeaveHandlePage = preloadable(() => leave().then((m) => ({ default: m.LeaveHandlePage })));
export const LeaveDetailPage = preloadable(() => leave().then((m) => ({ default: m.LeaveDetailPage })));
