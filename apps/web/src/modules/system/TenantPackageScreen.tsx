import { useTranslation } from '../../app/i18n';
import { CrudPage } from '../../crud/CrudPage';
import { entityOf } from './shared';

const tenantPackageEntity = entityOf('tenantpackage');

/** Tenant packages (spec §2.3): no view button, batch "删 除", saves answered with 操作成功!. */
export default function TenantPackageScreen() {
  const { t } = useTranslation();
  return <CrudPage entity={tenantPackageEntity} noView savedMessage={t('common.operationSuccess')} />;
}
