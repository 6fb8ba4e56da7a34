/**
 * What the residents' calls answer beyond the generic shapes (spec §7.5,
 * §7.6): rows with the names of their house and owner, owners with their
 * houses, houses with their owners, everyone living in a house, counts.
 */
import { allFields, type EntityDef } from '../../define';
import { recordOf, schemaName, type RecordOf } from '../../contract/records';
import { Extend, Nullable, NullableText, Obj, shared, Type, type Static, type TUnsafe } from '../../contract/schema';
import { houseEntity } from '../community/house.entity';
import { HouseWithNames } from '../community/answers';
import { ownerEntity } from './owner.entity';

/** Names residents lists show beside the ids they point at. */
export type WithNames<E> = RecordOf<E> & { houseName?: string; ownerName?: string };

/**
 * A row with `houseName` beside its houseId and `ownerName` beside its ownerId
 * (for the entities that have them), as residents' lists answer it.
 */
export function withNamesOf<E extends EntityDef>(entity: E): TUnsafe<WithNames<E>> {
  const fields = allFields(entity);
  const names = {
    ...('houseId' in fields
      ? { houseName: Type.String({ description: 'the house’s full name: building, unit and number, as houses are named' }) }
      : {}),
    ...('ownerId' in fields ? { ownerName: Type.String({ description: 'the owner’s name' }) } : {}),
  };
  if (Object.keys(names).length === 0) return recordOf(entity) as TUnsafe<WithNames<E>>;
  return shared(schemaName(entity, 'WithNames'), Extend(recordOf(entity), names)) as TUnsafe<WithNames<E>>;
}

/** One person living in houses: an owner (type 1), family member (2) or lessee (3). */
export const Resident = shared(
  'Resident',
  Obj(
    {
      id: Type.String({ description: 'the owner’s, family member’s or lessee’s id' }),
      type: Type.Integer({
        minimum: 1,
        maximum: 3,
        description: '1 owner, 2 family member, 3 lessee (the owner_type dictionary)',
      }),
      typeName: Type.String(),
      name: NullableText(),
      phone: NullableText(),
      sex: Nullable(Type.Integer()),
      idCard: NullableText(),
      houseId: NullableText(),
      houseName: NullableText(),
      gardenId: NullableText(),
      ownerId: NullableText(),
      relation: Nullable(Type.Integer({ description: 'a family member’s relation to the owner' })),
      userId: NullableText(),
    },
    'Someone living in a house',
  ),
);
export type Resident = Static<typeof Resident>;

/** A house an owner is bound to. */
export const OwnerHouse = Obj({
  ownershipId: Type.String(),
  houseId: Type.String(),
  houseName: NullableText(),
  gardenId: Type.String(),
  ownerType: Nullable(Type.Integer()),
  checkInTime: NullableText(),
});
/** An owner with the houses they are bound to. */
export const OwnerWithHouses = Extend(recordOf(ownerEntity), { houses: Type.Array(OwnerHouse) });

/** An owner of a house. */
export const HouseOwner = Obj({
  ownershipId: Type.String(),
  ownerId: Type.String(),
  name: NullableText(),
  phone: NullableText(),
  ownerType: Nullable(Type.Integer()),
  checkInTime: NullableText(),
});
/** A house with its owners. */
export const HouseWithOwners = shared('HouseWithOwners', Extend(recordOf(houseEntity), { owners: Type.Array(HouseOwner) }));
/** A house with its names and everyone living there. */
export const HouseWithResidents = Extend(HouseWithNames, { users: Type.Array(Resident) });
export type HouseWithResidents = Static<typeof HouseWithResidents>;

/** The numbers of a garden (or of every garden). */
export const ResidentSums = Obj({
  ownerCount: Type.Integer(),
  houseCount: Type.Integer(),
  boundHouseCount: Type.Integer({ description: 'houses with an owner' }),
  familyCount: Type.Integer(),
  lesseeCount: Type.Integer(),
  carCount: Type.Integer(),
});

/** How many bindings a bind call added. */
export const BindingsAdded = Obj({
  added: Type.Integer({ description: 'bindings added (houses already bound are left as they are)' }),
});
/** The id of the row a save made or changed. */
export const SavedId = Obj({ id: Type.String() });
