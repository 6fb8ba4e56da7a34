import { sql } from 'kysely';
import type { Db } from '../platform/db/database';
import { readProcess } from '../modules/workflow/definitions';
import { LEAVE_PROCESS_KEY, LEAVE_PROCESS_XML } from './data/leave-process';

/** Deploys the leave process as version 1 in a tenant that has none (new tenants, and the seeded ones). */
export async function seedLeaveProcess(db: Db, tenantId: string): Promise<void> {
  const found = await sql`select 1 from blade_flow_definition where tenant_id = ${tenantId} and process_key = ${LEAVE_PROCESS_KEY}
    limit 1`.execute(db);
  if (found.rows.length) return;
  const process = await readProcess(LEAVE_PROCESS_XML);
  await sql`insert into blade_flow_definition (tenant_id, process_key, name, version, category, resource_name, xml)
    values (${tenantId}, ${process.key}, ${process.name}, 1, '1', 'leave.bpmn', ${LEAVE_PROCESS_XML})`.execute(db);
}
