import { BetaSchemaForm } from '@ant-design/pro-components';
import { citizenHouseEntity, citizenInfoEntity, citizenUserEntity, type Locale } from '@property/domain';
import { Button, Drawer, message } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { useButtons } from '../../app/permissions';
import { columnsOf, type Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';

/** A user's houses: the user is fixed (not a column, not a field), every link added is theirs. */
const houseOverrides = { userId: { hideInTable: true, hideInForm: true, hideInSearch: true } };

/**
 * 居民用户: the residents' app accounts (§7.5 /citizen-user/user), each with its profile (资料, /info by
 * userId) and the houses it lives in (房屋, /buildinfo).
 */
export default function ResidentScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [profileOf, setProfileOf] = useState<Row>();
  const [housesOf, setHousesOf] = useState<Row>();
  return (
    <>
      <CrudPage
        entity={citizenUserEntity}
        rowActions={(row) => (
          <>
            <Button type="link" size="small" onClick={() => setProfileOf(row)}>
              {t('community.residentProfile')}
            </Button>
            <Button type="link" size="small" onClick={() => setHousesOf(row)}>
              {t('community.residentHouses')}
            </Button>
          </>
        )}
      />
      {profileOf && (
        <ProfileDialog user={profileOf} editable={buttons.has('resident_edit')} onClose={() => setProfileOf(undefined)} />
      )}
      {housesOf && (
        <Drawer
          open
          width={960}
          title={t('community.residentHousesOf', { name: housesOf.name })}
          onClose={() => setHousesOf(undefined)}
        >
          <CrudPage
            entity={citizenHouseEntity}
            inAddress={false}
            fixedQuery={{ userId: String(housesOf.id) }}
            addDefaults={{ userId: String(housesOf.id) }}
            fieldOverrides={houseOverrides}
          />
        </Drawer>
      )}
    </>
  );
}

/** A resident's profile (info): read by userId, saved as theirs; a user without one gets it on the first save. */
function ProfileDialog({ user, editable, onClose }: { user: Row; editable: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.language === 'en' ? 'en' : 'zh') as Locale;
  const columns = useMemo(
    () => columnsOf(citizenInfoEntity, locale).filter((c) => !c.hideInForm && c.dataIndex !== 'userId'),
    [locale],
  );
  const [existing, setExisting] = useState<Row | null>(null);
  return (
    <BetaSchemaForm<Row>
      layoutType="ModalForm"
      name="resident-profile"
      open
      title={t('community.residentProfileOf', { name: user.name })}
      columns={columns as never}
      grid
      colProps={{ span: 12 }}
      readonly={!editable}
      submitter={editable ? undefined : false}
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      request={async () => {
        const found = await api.get<Row | null>('/citizen-user/info/detail', { userId: user.id });
        setExisting(found);
        return found ?? {};
      }}
      onFinish={async (values) => {
        await api.post('/citizen-user/info/submit', { ...values, userId: user.id, ...(existing ? { id: existing.id } : {}) });
        void message.success(t(existing ? 'common.updateSuccess' : 'common.addSuccess'));
        onClose();
        return true;
      }}
    />
  );
}
