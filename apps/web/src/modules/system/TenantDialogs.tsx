import { ModalForm, ProFormDateTimePicker, ProFormDigit, ProFormSelect } from '@ant-design/pro-components';
import { message } from 'antd';
import { useTranslation } from '../../app/i18n';
import type { TenantPackageRecord } from '../../app/answers';
import { api, type Page } from '../../app/http';

export type TenantDialog = 'setting' | 'datasource' | 'package';
type Row = Record<string, unknown>;

/**
 * The tenant screen's three settings dialogs: 授权配置 (account quota and
 * expiry of the selected tenants), 数据源配置 and 产品包配置 (of one tenant).
 */
export function TenantSettingsDialog({
  kind,
  tenants,
  onClose,
}: {
  kind: TenantDialog;
  /** The selected rows (id and tenantId). */
  tenants: Row[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const one = tenants[0]!;
  const saved = () => {
    void message.success(t('common.operationSuccess'));
    onClose(true);
    return true;
  };
  const common = { open: true, modalProps: { destroyOnHidden: true, onCancel: () => onClose(false) } };

  if (kind === 'setting') {
    return (
      <ModalForm<{ accountNumber?: number; expireTime?: string }>
        {...common}
        title={t('system.tenantSetting')}
        initialValues={
          tenants.length === 1 ? { accountNumber: one.accountNumber, expireTime: one.expireTime } : { accountNumber: -1 }
        }
        onFinish={async (values) => {
          await api.post(
            '/blade-system/tenant/setting',
            { ...values, expireTime: values.expireTime ?? '' },
            { ids: tenants.map((r) => r.id).join(',') },
          );
          return saved();
        }}
      >
        <ProFormDigit
          name="accountNumber"
          label={t('system.accountNumber')}
          min={-1}
          fieldProps={{ precision: 0 }}
          extra={t('system.accountNumberHint')}
        />
        <ProFormDateTimePicker name="expireTime" label={t('system.expireTime')} fieldProps={{ format: 'YYYY-MM-DD HH:mm:ss' }} />
      </ModalForm>
    );
  }
  if (kind === 'datasource') {
    return (
      <ModalForm<{ datasourceId?: string }>
        {...common}
        title={t('system.tenantDatasource')}
        initialValues={{ datasourceId: one.datasourceId ? String(one.datasourceId) : undefined }}
        onFinish={async (values) => {
          await api.post('/blade-system/tenant/datasource', { tenantId: one.tenantId, datasourceId: values.datasourceId || '' });
          return saved();
        }}
      >
        <ProFormSelect
          name="datasourceId"
          label={t('fields.tenant.datasourceId')}
          allowClear
          request={async () => {
            const page = await api.get<Page<Row>>('/blade-develop/datasource/list', { size: 1000 });
            return page.records.map((d) => ({ label: String(d.name ?? d.id), value: String(d.id) }));
          }}
        />
      </ModalForm>
    );
  }
  return (
    <ModalForm<{ packageId?: string }>
      {...common}
      title={t('system.tenantPackage')}
      request={async () => {
        const current = await api.get<Row | null>('/blade-system/tenant/package-detail', { tenantId: one.tenantId });
        return { packageId: current?.id ? String(current.id) : undefined };
      }}
      onFinish={async (values) => {
        await api.post('/blade-system/tenant/package-setting', { tenantId: one.tenantId, packageId: values.packageId ?? '' });
        return saved();
      }}
    >
      <ProFormSelect
        name="packageId"
        label={t('system.packageId')}
        allowClear
        request={async () => {
          const page = await api.get<Page<TenantPackageRecord>>('/blade-system/tenant-package/list', { size: 1000 });
          // A package without a name (the column allows it) is shown by its id rather than as "null".
          return page.records.map((p) => ({ label: p.packageName ?? p.id, value: p.id }));
        }}
      />
    </ModalForm>
  );
}
