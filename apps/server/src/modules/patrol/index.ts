import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { registerPatrolRoutes } from './patrol-routes';
import { runPatrolJob } from './task-generation';

/** The job kind that makes patrol tasks and ends the ones whose hours are over. */
export const PATROL_JOB = 'patrolTasks';
/**
 * Every 15 minutes: today's tasks appear soon after midnight (or after a plan
 * is added), and points are flagged missed soon after their task's hours end.
 * Each firing runs once per tenant across instances (platform/jobs).
 */
export const PATROL_CRON = '*/15 * * * *';

/** Patrols (spec §7.7): points with checklists, plans, the tasks the scheduled job makes, checks and records. */
export function registerPatrolModule(app: FastifyInstance, services: Services): void {
  registerPatrolRoutes(app, services);
  services.jobs.registerJob(PATROL_JOB, async ({ db, tenantId, signal }) => {
    const { created, expired } = await runPatrolJob(db, tenantId, { signal });
    return { key: 'patrolTasksRun', params: { created, expired } };
  });
  services.jobs.schedule(PATROL_JOB, PATROL_CRON);
}
