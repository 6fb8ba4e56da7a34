/** The job queue: durable, shared by every instance (see queue.ts for the handler pattern). */
export {
  JobQueue,
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  type JobKindOptions,
  type JobOutcome,
  type JobStarter,
  type ScheduleOptions,
} from './queue';
export { registerJobRunRoutes } from './routes';
export { jobCrudContext } from './context';
