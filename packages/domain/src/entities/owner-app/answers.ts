/** What the owner-app calls answer beyond the generic shapes (spec §7.7 mobile/owner, files). */
import { recordOf } from '../../contract/records';
import { Extend, Obj, Type } from '../../contract/schema';
import { ownerExamineEntity } from './examine.entity';

/** An examination with the names of its garden and house. */
export const ExamineWithNames = Extend(recordOf(ownerExamineEntity), { gardenName: Type.String(), houseName: Type.String() });

/** A public upload: where it is served and what it was called. */
export const UploadedFile = Obj({
  link: Type.String({ description: 'the path the file is served at, without a token' }),
  domain: Type.String({ description: 'scheme and host of this server' }),
  name: Type.String({ description: 'the stored name' }),
  originalName: Type.String(),
  attachId: Type.String(),
});
