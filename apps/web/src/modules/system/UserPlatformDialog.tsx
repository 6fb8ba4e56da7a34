import { ModalForm, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import { message } from 'antd';
import { useTranslation } from '../../app/i18n';
import type { UserRecord } from '../../app/answers';
import { api } from '../../app/http';
import { dictionaryOptions } from '../../crud/dictionaries';

/** 平台配置 of one user: its platform (user_type) and free-form extension, saved with user/update-platform. */
export function UserPlatformDialog({ userId, onClose }: { userId: string; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <ModalForm<{ userType?: number; userExt?: string }>
      open
      title={t('common.platformConfig')}
      modalProps={{ destroyOnHidden: true, onCancel: () => onClose(false) }}
      request={async () => {
        const user = await api.get<UserRecord | null>('/blade-system/user/platform-detail', { id: userId });
        return { userType: user?.userType ?? undefined, userExt: user?.userExt ?? '' };
      }}
      onFinish={async (values) => {
        await api.post('/blade-system/user/update-platform', { userId, ...values });
        void message.success(t('common.operationSuccess'));
        onClose(true);
        return true;
      }}
    >
      <ProFormSelect name="userType" label={t('system.userType')} request={() => dictionaryOptions('user_type')} />
      <ProFormTextArea name="userExt" label={t('system.userExt')} />
    </ModalForm>
  );
}
