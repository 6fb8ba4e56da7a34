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

export const gardenRef = (o: Opts = {}): FieldDef => long({ ...o, options: CHOICES.garden });
export const ownerRef = (o: Opts = {}): FieldDef => long({ ...o, options: CHOICES.owner });
export const houseRef = (o: Opts = {}): FieldDef => long({ ...o, options: CHOICES.house });
export const carRef = (o: Opts = {}): FieldDef => long({ ...o, options: CHOICES.car });
