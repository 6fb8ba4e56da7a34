import { datetime, entity, int, long, text } from '../../define';

export const tenantEntity = entity({
  name: 'tenant',
  table: 'blade_tenant',
  base: '/blade-system/tenant',
  owner: 'platform',
  platformAdminOnly: true,
  permission: 'tenant',
  fields: {
    /** Six digits, generated when the tenant is created. */
    tenantId: text({ readOnly: true, search: 'like' }),
    tenantName: text({ required: 'tenantNameRequired', search: 'like' }),
    domain: text(),
    backgroundUrl: text(),
    linkman: text({ required: 'linkmanRequired', search: 'like' }),
    contactNumber: text(),
    address: text(),
    /** Maximum number of accounts; -1 is unlimited. */
    accountNumber: int({ default: -1 }),
    expireTime: datetime(),
    packageId: long({ options: { from: '/blade-system/tenant-package/list?size=1000', label: 'packageName' } }),
    datasourceId: long(),
    licenseKey: text(),
  },
  unique: [{ fields: ['tenantId'], message: 'tenantIdTaken' }],
  sort: { ascs: ['tenantId'] },
});

export const tenantPackageEntity = entity({
  name: 'tenantPackage',
  table: 'blade_tenant_package',
  base: '/blade-system/tenant-package',
  owner: 'platform',
  platformAdminOnly: true,
  permission: 'tenantpackage',
  fields: {
    packageName: text({ required: 'packageNameRequired', search: 'like' }),
    /** Comma-joined menu ids. */
    menuId: text({
      required: 'menuRequired',
      options: { from: '/blade-system/menu/tree', tree: true, multiple: true, cascade: true },
    }),
    remark: text(),
  },
});
