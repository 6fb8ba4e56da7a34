import { ENTITIES, type EntityDef } from '@property/domain';
import { sql } from 'kysely';
import { badRequest } from '../http/errors';
import type { CrudContext } from './engine';
import { isInt64, uniqueFields, type ResolvedField } from './fields';
import type { Values } from './validate';

/** A field that holds the id (or comma-joined ids) of another entity's rows. */
export interface Reference {
  field: ResolvedField;
  target: EntityDef;
  multiple: boolean;
}

/** The calls of an entity's API that answer its own rows to pickers (others, such as elevator/deptUserTree, answer another kind). */
const ROW_PICKERS = new Set(['list', 'page', 'tree', 'select', 'lazy-tree', 'lazy-list', 'search']);

/** The entity whose rows a field's choices are (`options.from` is one of its picker calls). */
function targetOf(from: string): EntityDef | undefined {
  const path = from.split('?')[0]!;
  const cut = path.lastIndexOf('/');
  if (!ROW_PICKERS.has(path.slice(cut + 1))) return undefined;
  return ENTITIES.find((e) => e.base === path.slice(0, cut));
}

const cache = new WeakMap<EntityDef, Reference[]>();

/** Every field of an entity that points at rows of an entity the API serves, read from the definition. */
export function referencesOf(entity: EntityDef): Reference[] {
  let refs = cache.get(entity);
  if (!refs) {
    refs = [];
    for (const field of uniqueFields(entity)) {
      const { options, kind, readOnly } = field.def;
      // Ids are longs, or comma-joined in a text (a user's roles); other texts pick codes (a region), not ids.
      const holdsIds = kind === 'long' || (kind === 'text' && !!options?.multiple);
      const target = options && holdsIds ? targetOf(options.from) : undefined;
      if (!target || readOnly) continue;
      refs.push({ field, target, multiple: kind === 'text' });
    }
    cache.set(entity, refs);
  }
  return refs;
}

/**
 * A saved reference must name live rows the caller could read through the target's own API (its
 * tenant, data scope and gardens): an id of another tenant's role, department or parent is refused
 * as missing, the way a department's parent is (issue 13: a tenant administrator locked itself out
 * with another tenant's role). `0` is "none" (a tree's root). Runs after a module's own checks, so
 * their more specific messages come first.
 */
export async function checkReferences(ctx: CrudContext, entity: EntityDef, values: Values): Promise<void> {
  for (const { field, target, multiple } of referencesOf(entity)) {
    const value = values[field.column];
    if (value === undefined || value === null || value === '') continue;
    const ids = [
      ...new Set(
        (multiple ? String(value).split(',') : [String(value)]).map((s) => s.trim()).filter((s) => s !== '' && s !== '0'),
      ),
    ];
    if (ids.length === 0) continue;
    if (ids.some((id) => !/^\d+$/.test(id) || !isInt64(id))) {
      throw badRequest('paramTypeOf', { name: field.key });
    }
    const scope = [sql`is_deleted = 0`, ...ctx.rowScope(target)];
    const found = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(target.table)}
      where id in (${sql.join(ids)}) and ${sql.join(scope, sql` and `)}`.execute(ctx.db);
    if (Number(found.rows[0]!.n) !== ids.length) throw badRequest('referenceMissing', { name: field.key });
  }
}
