import type { EntityDef } from '../../define';
import { reportEntity } from './report.entity';

export * from './report.entity';

/** The report list (spec §7.9 /blade-report/report/rest): saved snapshots of statistics. */
export const REPORT_ENTITIES: ReadonlyArray<EntityDef> = [reportEntity];
