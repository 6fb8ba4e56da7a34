/** What the patrol calls answer beyond the generic shapes (spec §7.7). */
import { recordOf } from '../../contract/records';
import { Extend, NullableText } from '../../contract/schema';
import { patrolTaskPointEntity } from './patrol.entity';

/** A patrol record (patrol/list): a point of a task, checked or missed, with its task's plan, day and walker. */
export const PatrolRecord = Extend(recordOf(patrolTaskPointEntity), {
  planName: NullableText(),
  taskDate: NullableText('yyyy-MM-dd'),
  userName: NullableText(),
});
