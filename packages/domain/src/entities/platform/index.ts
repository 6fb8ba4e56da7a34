import type { EntityDef } from '../../define';
import { auditLogEntity } from './audit.entity';
import { clientEntity } from './client.entity';
import { deptEntity } from './dept.entity';
import { dictBizEntity, dictEntity } from './dict.entity';
import { roleMenuEntity, roleScopeEntity, topMenuSettingEntity } from './grant-links.entity';
import { jobRunEntity } from './job-run.entity';
import { logApiEntity, logErrorEntity, logUsualEntity } from './log.entity';
import { menuEntity } from './menu.entity';
import { paramEntity } from './param.entity';
import { postEntity } from './post.entity';
import { regionEntity } from './region.entity';
import { roleEntity } from './role.entity';
import { apiScopeEntity, dataScopeEntity } from './scope.entity';
import { tenantEntity, tenantPackageEntity } from './tenant.entity';
import { topMenuEntity } from './top-menu.entity';
import { userEntity } from './user.entity';

export * from './audit.entity';
export * from './client.entity';
export * from './dept.entity';
export * from './dict.entity';
export * from './grant-links.entity';
export * from './job-run.entity';
export * from './log.entity';
export * from './menu.entity';
export * from './param.entity';
export * from './post.entity';
export * from './region.entity';
export * from './role.entity';
export * from './scope.entity';
export * from './tenant.entity';
export * from './top-menu.entity';
export * from './user.entity';
export * from './answers';

/** Platform administration (spec §7.8) and the logs of §7.9. */
export const PLATFORM_ENTITIES: ReadonlyArray<EntityDef> = [
  tenantEntity,
  tenantPackageEntity,
  clientEntity,
  paramEntity,
  menuEntity,
  dictEntity,
  regionEntity,
  dataScopeEntity,
  apiScopeEntity,
  userEntity,
  deptEntity,
  roleEntity,
  postEntity,
  topMenuEntity,
  dictBizEntity,
  roleMenuEntity,
  roleScopeEntity,
  topMenuSettingEntity,
  logUsualEntity,
  logApiEntity,
  logErrorEntity,
  jobRunEntity,
  auditLogEntity,
];
