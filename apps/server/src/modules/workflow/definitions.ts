// The console project type-checks this file too (its e2e tests start the server); it must see the declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./bpmn-moddle.d.ts" />
/**
 * Deploying BPMN: the XML is read by bpmn-moddle (with Camunda's attributes)
 * before anything is saved, so a file that is not BPMN, or has no executable
 * process with a start event, is refused with why and nothing is deployed.
 * Each deployment is a new version of its process key.
 */
import BpmnModdle from 'bpmn-moddle';
import { sql } from 'kysely';
import type { CrudContext, Row } from '../../platform/crud/engine';
import { badRequest } from '../../platform/http/errors';
import { camundaModdle } from './runtime';

export interface ReadProcess {
  key: string;
  name: string;
}

/** The executable process of a BPMN document; refused (400, nothing saved) when there is none or the XML is wrong. */
export async function readProcess(xml: string): Promise<ReadProcess> {
  let parsed;
  try {
    parsed = await new BpmnModdle({ camunda: camundaModdle }).fromXML(xml);
  } catch (error) {
    throw badRequest('flowBpmnInvalid', {
      reason: String((error as Error).message ?? error)
        .split('\n')[0]!
        .slice(0, 200),
    });
  }
  const unresolved = parsed.warnings.find((w) => /unresolved reference|unparsable content/i.test(w.message));
  if (unresolved) throw badRequest('flowBpmnInvalid', { reason: unresolved.message.split('\n')[0]!.slice(0, 200) });
  const processes = (parsed.rootElement.rootElements ?? []).filter(
    (e) =>
      e.$type === 'bpmn:Process' && e.isExecutable !== false && (e.flowElements ?? []).some((f) => f.$type === 'bpmn:StartEvent'),
  );
  const process = processes[0];
  if (!process?.id || processes.length > 1) throw badRequest('flowBpmnNoProcess');
  return { key: process.id, name: process.name ?? process.id };
}

/** Deploys BPMN as the next version of its process key in the caller's tenant; answers the definition row. */
export async function deployXml(
  ctx: CrudContext,
  xml: string,
  resourceName: string,
  modelId: string | null = null,
): Promise<Row> {
  const process = await readProcess(xml);
  return ctx.db.transaction().execute(async (db) => {
    // One deployment of a key at a time per tenant, so two deploys never take the same version.
    await sql`select pg_advisory_xact_lock(hashtext(${`flow:${ctx.auth.tenantId}:${process.key}`}))`.execute(db);
    const last = await sql<{ version: number | null }>`select max(version) as version from blade_flow_definition
      where tenant_id = ${ctx.auth.tenantId} and process_key = ${process.key}`.execute(db);
    const version = Number(last.rows[0]?.version ?? 0) + 1;
    const category = await sql<{ dict_key: string }>`select dict_key from blade_dict
      where code = 'flow' and remark = ${process.key} and parent_id <> 0 and is_deleted = 0 limit 1`.execute(db);
    const who = ctx.auth.userId || null;
    const row = await sql<Row>`insert into blade_flow_definition (tenant_id, process_key, name, version, category, resource_name,
        xml, model_id, create_user, create_dept, update_user)
      values (${ctx.auth.tenantId}, ${process.key}, ${process.name}, ${version}, ${category.rows[0]?.dict_key ?? null},
        ${resourceName}, ${xml}, ${modelId}, ${who}, ${ctx.auth.deptId || null}, ${who}) returning *`.execute(db);
    return row.rows[0]!;
  });
}
