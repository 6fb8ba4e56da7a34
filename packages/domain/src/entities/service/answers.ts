/** What the service calls answer beyond the generic shapes (spec §7.7). */
import { TreeOf } from '../../contract/answers';
import { recordOf } from '../../contract/records';
import { Extend, Obj, Type } from '../../contract/schema';
import { propertyFileEntity } from './content.entity';
import { serviceDirectoryEntity } from './feedback.entity';
import { repairEntity, repairImageEntity, repairLogEntity } from './repair.entity';

/** A repair as lists show it: with whether it is (or was finished) past its deadline, worked out on reading. */
export const RepairRow = Extend(recordOf(repairEntity), {
  overdue: Type.Boolean({ description: 'the deadline passed before the repair was finished (or, while open, it has passed)' }),
});

/** A log entry with the photos taken at that step. */
export const RepairLogWithImages = Extend(recordOf(repairLogEntity), {
  photos: Type.Array(recordOf(repairImageEntity)),
});

/** How many of the caller's repairs are in each state, and how many are overdue (repair/index). */
export const RepairCounts = Obj({
  total: Type.Integer(),
  registered: Type.Integer(),
  dispatched: Type.Integer(),
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  working: Type.Integer(),
  done: Type.Integer(),
  closed: Type.Integer(),
  overdue: Type.Integer({ description: 'open repairs past their deadline' }),
});

/** A node of the service directory tree. */
export const ServiceNode = TreeOf('ServiceNode', serviceDirectoryEntity);

/** What file/upload stored: the catalogue row, with the link the file is served at. */
export const PropertyFileRow = recordOf(propertyFileEntity);
