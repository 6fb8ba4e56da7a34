import {
  citizenUserEntity,
  clubEntity,
  clubProductEntity,
  columnOf,
  communityActivityEntity,
  noticeEntity,
  patrolTaskPointEntity,
  repairEntity,
  repairImageEntity,
  tenantEntity,
  userEntity,
  type EntityDef,
  type ErrorKey,
} from '@property/domain';
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

/** A field holding links of stored files (a cover, photos, an avatar, rich text with pictures), and what to call that use. */
interface FileReference {
  entity: EntityDef;
  field: string;
  use: ErrorKey;
}

/**
 * Every field whose value keeps stored files' links: a file named in a live row of them is in use, and is
 * not removed (附件管理). Owners' documents and the property file catalogue point at files by id instead
 * (their own tables, handled where files are removed).
 */
export const FILE_REFERENCES: ReadonlyArray<FileReference> = [
  { entity: userEntity, field: 'avatar', use: 'fileUseUserAvatar' },
  { entity: citizenUserEntity, field: 'avatar', use: 'fileUseResidentAvatar' },
  { entity: tenantEntity, field: 'backgroundUrl', use: 'fileUseTenantBackground' },
  { entity: noticeEntity, field: 'imgUrl', use: 'fileUseNotice' },
  { entity: noticeEntity, field: 'content', use: 'fileUseNotice' },
  { entity: communityActivityEntity, field: 'imgUrl', use: 'fileUseActivity' },
  { entity: communityActivityEntity, field: 'content', use: 'fileUseActivity' },
  { entity: clubEntity, field: 'content', use: 'fileUseClub' },
  { entity: clubProductEntity, field: 'clubProductImages', use: 'fileUseClubProduct' },
  { entity: repairEntity, field: 'images', use: 'fileUseRepair' },
  { entity: repairImageEntity, field: 'imageUrl', use: 'fileUseRepairImage' },
  { entity: patrolTaskPointEntity, field: 'images', use: 'fileUsePatrol' },
];

/**
 * Which of these stored names (32 hex characters and an extension, nothing a LIKE pattern could misread)
 * live rows of the tenant still name, with the uses naming each.
 */
export async function filesInUse(ctx: CrudContext, names: string[]): Promise<Map<string, ErrorKey[]>> {
  const used = new Map<string, ErrorKey[]>();
  if (names.length === 0) return used;
  const wanted = sql.join(names.map((name) => sql`(${name})`));
  for (const { entity, field, use } of FILE_REFERENCES) {
    const column = sql.ref(`t.${columnOf(field, entity.fields[field]!)}`);
    const rows = await sql<{ name: string }>`select distinct n.name from ${sql.table(entity.table)} t,
        (values ${wanted}) as n(name)
      where t.tenant_id = ${ctx.auth.tenantId} and t.is_deleted = 0 and strpos(${column}, n.name) > 0`.execute(ctx.db);
    for (const { name } of rows.rows) {
      const uses = used.get(name) ?? [];
      if (!uses.includes(use)) uses.push(use);
      used.set(name, uses);
    }
  }
  return used;
}
