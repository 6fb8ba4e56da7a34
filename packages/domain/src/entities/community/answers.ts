/**
 * What the community calls answer beyond the generic shapes (spec §7.4,
 * §7.7): houses with the names of where they are, garden stewards and staff,
 * the batch and import results, resource pickers.
 */
import { recordOf } from '../../contract/records';
import { Extend, Nullable, NullableText, Obj, shared, Type, type Static } from '../../contract/schema';
import { buildingEntity } from './building.entity';
import { gardenUserEntity } from './garden-user.entity';
import { gardenEntity } from './garden.entity';
import { houseEntity } from './house.entity';
import { unitEntity } from './unit.entity';

/** A house with the names of its garden, building and unit beside their ids. */
export const HouseWithNames = shared(
  'HouseWithNames',
  Extend(recordOf(houseEntity), {
    gardenName: Type.String(),
    buildingName: Type.String(),
    unitName: Type.String(),
  }),
);
export type HouseWithNames = Static<typeof HouseWithNames>;

/** A steward (管家) of a garden; `realName` follows the user record when the steward is a console user. */
export const Steward = Obj({
  userId: NullableText('the console user, when the steward is one'),
  name: Type.String(),
  phone: Type.String(),
  gardenId: Type.String(),
  realName: Type.String(),
});
export type Steward = Static<typeof Steward>;

/** A garden staff assignment with the garden's and the user's names. */
export const GardenUserWithNames = Extend(recordOf(gardenUserEntity), { gardenName: Type.String(), realName: Type.String() });

/** What building/batchsave made. */
export const BatchSaved = Obj({
  buildingId: Type.String(),
  unitCount: Type.Integer(),
  houseCount: Type.Integer({ description: 'houses created' }),
});

/** One wrong row of a house import: its row number as Excel shows it, and why. */
export const RowProblem = Obj({ row: Type.Integer({ minimum: 1 }), message: Type.String() });
/** An import's outcome: every row saved (`errors` empty), or nothing saved and each wrong row listed. */
export const ImportReport = shared(
  'ImportReport',
  Obj(
    {
      total: Type.Integer({ description: 'rows read' }),
      success: Type.Integer({ description: 'rows saved: all of them, or 0 when any row is wrong' }),
      errors: Type.Array(RowProblem),
    },
    'The outcome of an import',
  ),
);
export type ImportReport = Static<typeof ImportReport>;
/** The 400 of an import: the error envelope, whose `data` lists the wrong rows when the file could be read. */
export const ImportRefusal = Obj(
  {
    code: Type.Integer(),
    success: Type.Boolean(),
    data: Nullable(ImportReport),
    msg: Type.String(),
  },
  'A refused import: `data` lists every wrong row (nothing was saved), or is null when the file itself was refused',
);

const option = {
  type: Type.String({ description: 'garden, building, unit or house' }),
  title: Type.Unknown(),
  value: Type.String(),
  key: Type.String(),
};
const optionOf = <T>(record: Parameters<typeof Extend<T, typeof option>>[0], name: string) =>
  shared(name, Extend(record, option, 'A row of a picker: the row with its title, and its id as value and key'));
export const GardenOption = optionOf(recordOf(gardenEntity), 'GardenOption');
export const BuildingOption = optionOf(recordOf(buildingEntity), 'BuildingOption');
export const UnitOption = optionOf(recordOf(unitEntity), 'UnitOption');
export const HouseOption = optionOf(recordOf(houseEntity), 'HouseOption');
/** A row of the resource picker, of the kind asked for. */
export const ResourceOption = Type.Union([GardenOption, BuildingOption, UnitOption, HouseOption]);
