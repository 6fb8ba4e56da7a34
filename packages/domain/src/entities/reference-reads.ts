import type { EntityDef } from '../define';
import { gardenEntity } from './community/index';
import { ENTITIES } from './index';

/** Whether an entity's rows belong to one garden (a garden itself, or a row naming its garden). */
export function isGardenBound(entity: EntityDef): boolean {
  return entity.owner === 'tenant' && (entity.table === gardenEntity.table || !!entity.fields.gardenId);
}

let gardenBound: ReadonlyArray<string> | undefined;

/**
 * The menus of garden-bound screens: repairs, patrols, notices, bills, houses... (their permission codes).
 * Worked out on first use: this module is evaluated before ENTITIES is (the entities index exports it).
 */
export function gardenBoundMenus(): ReadonlyArray<string> {
  return (gardenBound ??= [...new Set(ENTITIES.filter(isGardenBound).map((e) => e.permission))]);
}

/**
 * Menus of screens scoped by the header garden whose code no garden-bound entity names: the dashboard (统计看板) and
 * 收费统计 sum the chosen garden's rows, and 逾期账单, 已缴账单 and 已关闭账单 open the bill screen on their own tab
 * under codes of their own. Their holders pick a garden like the holder of any garden-bound screen (without it the
 * header's picker stayed empty and the screen summed every garden). apps/web/test/garden-scoped-screens.test.ts
 * checks every screen the console scopes by the garden against this.
 */
export const GARDEN_SCOPED_MENUS: ReadonlyArray<string> = [
  'dashboard',
  'billstatistics',
  'billoverdue',
  'billsettle',
  'billclosed',
];

/**
 * Reference reads (docs/api-conventions.md, "Reference reads"): a list that
 * names rows for other screens, read by anyone holding one of the menus it
 * serves, not only its own. A repair clerk without the garden menu still sees
 * which garden a repair is in and picks their gardens in the header: the
 * garden list answers them, read-only and within their tenant and gardens.
 * Its own menu reads it anyway; these are the others'. The server enforces it (AccessService.requireReference); the console asks
 * only what it would be answered.
 */
export function referenceReadersOf(entity: EntityDef): ReadonlyArray<string> {
  return entity === gardenEntity
    ? [...gardenBoundMenus(), ...GARDEN_SCOPED_MENUS].filter((code) => code !== entity.permission)
    : [];
}

/** Whether a caller who may read the menus `readable` says may read `entity`'s list as a reference. */
export function readsAsReference(entity: EntityDef, readable: (code: string) => boolean): boolean {
  return readable(entity.permission) || referenceReadersOf(entity).some(readable);
}
