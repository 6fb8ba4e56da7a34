import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const work = () => import('./WorkScreens');
const manage = () => import('./ManageScreens');

/** 我的事务 and 流程管理 by menu code, each list its own chunk (registered in app/screens.ts); bpmn-js loads later still. */
export const WORKFLOW_SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  work_start: lazy(() => work().then((m) => ({ default: m.StartListScreen }))),
  work_claim: lazy(() => work().then((m) => ({ default: m.WorkClaimScreen }))),
  work_todo: lazy(() => work().then((m) => ({ default: m.WorkTodoScreen }))),
  work_send: lazy(() => work().then((m) => ({ default: m.WorkSendScreen }))),
  work_done: lazy(() => work().then((m) => ({ default: m.WorkDoneScreen }))),
  leave: lazy(() => work().then((m) => ({ default: m.LeaveMenuScreen }))),
  model: lazy(() => manage().then((m) => ({ default: m.ModelScreen }))),
  deploy: lazy(() => manage().then((m) => ({ default: m.DeployScreen }))),
  follow: lazy(() => manage().then((m) => ({ default: m.FollowScreen }))),
};

const leave = () => import('./LeavePages');

/** The leave process's pages at the spec's routes (§2.1), which no menu names. */
export const LeaveFormPage = lazy(() => leave().then((m) => ({ default: m.LeaveFormPage })));
export const LeaveHandlePage = lazy(() => leave().then((m) => ({ default: m.LeaveHandlePage })));
export const LeaveDetailPage = lazy(() => leave().then((m) => ({ default: m.LeaveDetailPage })));
