import type { FastifyInstance } from 'fastify';
import { PLATFORM_TENANT } from '../../platform/http/context';
import type { Services } from '../../platform/services';
import { fireDueTimers } from './instances';
import { registerLeaveRoutes } from './leave-routes';
import { registerManageRoutes } from './manage-routes';
import { registerWorkRoutes } from './work-routes';

/** The job kind that fires the timer events that came due (escalations after N days). */
export const FLOW_TIMER_JOB = 'flowTimers';
/**
 * Every 15 minutes (an escalation is at most that late), at the same instants as the patrol job: scheduled runs
 * write job-run rows in every tenant, and tests that watch a tenant's tables meet them no more often than before.
 * Each firing runs once per tenant across instances.
 */
export const FLOW_TIMER_CRON = '*/15 * * * *';

/** Workflow (spec §4 flow tasks, §7.9 /blade-flow and /blade-desk/process/leave) on bpmn-engine, state in the database. */
export function registerWorkflowModule(app: FastifyInstance, services: Services): void {
  services.jobs.registerJob(FLOW_TIMER_JOB, async ({ db, tenantId, signal }) => {
    const fired = await fireDueTimers(db, tenantId, signal);
    return { key: 'flowTimersRun', params: { fired } };
  });
  services.jobs.schedule(FLOW_TIMER_JOB, FLOW_TIMER_CRON);
  // A schedule for every tenant leaves the platform tenant out (it bills no one, patrols nothing), but its
  // users run processes too (it is seeded with the leave process): its timers get a schedule of their own.
  services.jobs.schedule(FLOW_TIMER_JOB, FLOW_TIMER_CRON, {}, { tenantId: PLATFORM_TENANT });
  registerWorkRoutes(app, services);
  registerManageRoutes(app, services);
  registerLeaveRoutes(app, services);
}
