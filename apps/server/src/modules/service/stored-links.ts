import type { ErrorKey } from '@property/domain';
import { sql } from 'kysely';
import type { CrudContext } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { FILE_ROUTE, STORAGE_NAME } from '../../platform/storage/index';

const PREFIX = `${FILE_ROUTE}/`;

/** The links of a comma-separated value (or a list), trimmed, empties dropped. */
export function linksOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : String(value ?? '').split(',');
  return items.map((s) => String(s).trim()).filter(Boolean);
}

/**
 * Photos, covers and media are links to files this tenant stored through our
 * upload calls, nothing else: a foreign address, a `javascript:` link or
 * another tenant's file is refused with `invalid`. `extensions` narrows the
 * kinds (a cover is jpg, jpeg or png). Answers the links joined by commas.
 */
export async function checkStoredLinks(
  ctx: CrudContext,
  value: unknown,
  invalid: ErrorKey,
  extensions?: ReadonlyArray<string>,
): Promise<string> {
  const links = linksOf(value);
  if (links.length === 0) return '';
  const names = links.map((link) => {
    const name = link.startsWith(PREFIX) ? link.slice(PREFIX.length) : '';
    if (!STORAGE_NAME.test(name)) throw badRequest(invalid);
    if (extensions && !extensions.includes(name.split('.').pop()!)) throw badRequest(invalid);
    return name;
  });
  const found = await sql<{ name: string }>`select name from blade_attach where name in (${sql.join(names)})
    and tenant_id = ${ctx.auth.tenantId} and is_public = 1 and is_deleted = 0`.execute(ctx.db);
  if (new Set(found.rows.map((r) => r.name)).size !== new Set(names).size) throw badRequest(invalid);
  return links.join(',');
}
