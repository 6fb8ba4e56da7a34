import { long, type FieldDef, type FieldOptions } from '../define';

type Opts = Omit<Partial<FieldDef>, 'kind' | 'options'>;

/** A car as people read it, for pickers and columns that show a car: its plate's three parts together. */
export const PLATE = ['carArea', 'carCity', 'carNumber'];

/**
 * Where the choices of the ids many entities point at come from (a garden, an
 * owner, a house, a car): one definition, so every picker of one kind offers
 * the same rows under the same label.
 */
export const CHOICES = {
  garden: { from: '/system-property/garden/list', label: 'gardenName' },
  owner: { from: '/owner/list', label: 'name' },
  house: { from: '/community-resource/unithouse/list', label: 'houseName' },
  car: { from: '/citizen-user/carlist/list', label: PLATE },
} satisfies Record<string, FieldOptions>;

/** The houses an owner is bound to (spec §7.4 resource-search/search-house?ownerId=). */
export const OWNER_HOUSES = { field: 'ownerId', from: '/community-resource/resource-search/search-house' };

type Narrowing = FieldOptions['narrowedBy'];
const choices = (base: FieldOptions, narrowedBy: Narrowing) => (narrowedBy ? { ...base, narrowedBy } : base);

export const gardenRef = (o: Opts = {}) => long({ ...o, options: CHOICES.garden });
export const ownerRef = (o: Opts = {}) => long({ ...o, options: CHOICES.owner });
export const houseRef = (o: Opts = {}, narrowedBy?: Narrowing) => long({ ...o, options: choices(CHOICES.house, narrowedBy) });
export const carRef = (o: Opts = {}, narrowedBy?: Narrowing) => long({ ...o, options: choices(CHOICES.car, narrowedBy) });

/** A garden's building, and a building's unit: each picker offers the rows under the level chosen above it. */
export const buildingRef = (o: Opts = {}) =>
  long({
    ...o,
    options: { from: '/community-resource/building/search', label: 'buildingName', narrowedBy: { field: 'gardenId' } },
  });
export const unitRef = (o: Opts = {}) =>
  long({ ...o, options: { from: '/community-resource/unit/search', label: 'unitName', narrowedBy: { field: 'buildingId' } } });
