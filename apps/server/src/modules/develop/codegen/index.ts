import { ENTITIES, type EntityDef, type GenSystem } from '@property/domain';
import { diffSchema, schemaOf } from '../../../platform/db/schema-ddl';
import type { ModulePlan } from './plan';
import {
  migrationSource,
  needsScreen,
  registrationsOf,
  screenSource,
  screensSource,
  serverModuleSource,
  type Registration,
} from './render-app';
import { entityFileOf, entitySource, indexSource, messagesEnSource, messagesZhSource } from './render-domain';
import { pascalOf } from './names';

export { planModules, type RecordInput } from './plan';
export { applyRegistration, type Registration } from './render-app';

/** The generated files by their path in the repository, and how to register them. */
export interface Generated {
  files: Record<string, string>;
  registrations: Registration[];
}

/**
 * Every file of the modules planned: per module its definitions and their index, its messages in
 * both languages, its server module, its migration (the statements `npm run db:generate` writes for
 * these definitions, numbered after the product's `migrationCount` migrations, then the menus'
 * rows for databases seeded before), and for the console target the screens the data model asks
 * for; once, migrations/schema.json with the new tables; and GENERATED.md saying what to do.
 */
export function generate(modules: ModulePlan[], system: GenSystem, migrationCount: number): Generated {
  const files: Record<string, string> = {};
  const registrations: Registration[] = [];
  let before: EntityDef[] = [...ENTITIES];
  for (const [i, module] of modules.entries()) {
    const domain = `packages/domain/src/entities/${module.folder}`;
    for (const entity of module.entities) files[`${domain}/${entityFileOf(entity)}.ts`] = entitySource(module, entity);
    files[`${domain}/index.ts`] = indexSource(module);
    files[`packages/domain/src/messages/${module.service}-zh.ts`] = messagesZhSource(module);
    files[`packages/domain/src/messages/${module.service}-en.ts`] = messagesEnSource(module);
    files[`apps/server/src/modules/${module.service}/index.ts`] = serverModuleSource(module);
    const after = [...before, ...module.entities.map((e) => e.def)];
    const number = String(migrationCount + i + 1).padStart(4, '0');
    files[`apps/server/migrations/${number}_${module.service.replace(/-/g, '_')}.sql`] = migrationSource(
      diffSchema(schemaOf(before), schemaOf(after)),
      module,
    );
    before = after;
    const screens = system === 'console' ? module.entities.filter(needsScreen) : [];
    for (const entity of screens)
      files[`apps/web/src/modules/${module.service}/${pascalOf(entity.name)}Screen.tsx`] = screenSource(entity);
    if (screens.length > 0) files[`apps/web/src/modules/${module.service}/screens.ts`] = screensSource(module);
    registrations.push(...registrationsOf(module, screens.length > 0));
  }
  // As db:generate writes it: the product's tables and the new ones, so the drift test passes once registered.
  files['apps/server/migrations/schema.json'] = `${JSON.stringify(schemaOf(before), null, 2)}\n`;
  files['GENERATED.md'] = notes(modules, system, files, registrations);
  return { files, registrations };
}

/** What a developer reads first: what came, how to register it, what to check. */
function notes(modules: ModulePlan[], system: GenSystem, files: Record<string, string>, registrations: Registration[]): string {
  const entities = modules.flatMap((m) => m.entities);
  const steps = registrations
    .map((r) => {
      const top = r.top.map((l) => `  - at the top: \`${l}\``);
      const into = r.into.map((i) => `  - at the end of the list opened by \`${i.opener}\`: \`${i.line}\``);
      return [`- \`${r.file}\``, ...top, ...into].join('\n');
    })
    .join('\n');
  return `# Generated code (code generator, target ${system})

${entities.map((e) => `- ${e.labelZh} (\`${e.name}\`): table \`${e.table}\`, calls under \`/api${e.base}\`, menu \`${e.permission}\` at \`${e.menu.path}\` in the group \`${e.menu.parentCode}\`, from the data model ${e.source.model} (table ${e.source.table} of ${e.source.datasource}).`).join('\n')}

Unpack this archive at the repository's root. It adds:

${Object.keys(files)
  .filter((f) => f !== 'GENERATED.md')
  .map((f) => `- \`${f}\``)
  .join('\n')}

\`apps/server/migrations/schema.json\` is the product's snapshot with the new tables added, as
\`npm run db:generate -w apps/server\` writes it; each migration creates its tables and indexes and adds the
menus to databases seeded before it (a new database gets them from menus.ts). Other engineers' migrations may
take the same number: renumber yours when you merge.

## Register the module

Add these lines (the list's end means before its closing bracket):

${steps}

The generated entities belong to tenants. A tenant's administrator sees the new menu once the tenant's
package (tenant packages screen) includes it; the platform's administrator sees it at once.

## Check it

\`npm run typecheck\`, \`npx vitest run --project pglite apps/server/test/schema-drift.test.ts\`, the
matrices (\`matrix-tenant\`, \`matrix-permission\`, \`matrix-garden\`), and \`npm run lint\`. English labels are
made from the property names: reword them in the \`-en.ts\` messages. Delete this file when done.

## The same steps, for tools

\`\`\`json
${JSON.stringify(registrations, null, 2)}
\`\`\`
`;
}
