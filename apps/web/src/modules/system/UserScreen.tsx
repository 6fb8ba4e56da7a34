import { Col, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import { DeptFilterTree } from './DeptFilterTree';
import { confirmThen, entityOf, SelectionButton } from './shared';
import { UserPlatformDialog } from './UserPlatformDialog';
import { UserRolesDialog } from './UserRolesDialog';

const userEntity = entityOf('user');
/** The extension is edited in 平台配置 only. */
const fieldOverrides = { userExt: { hideInForm: true, hideInTable: true, hideInDescriptions: true } };

type Open = { kind: 'roles' | 'platform'; ids: string[]; reload: () => void } | undefined;

/** Users of the department picked on the left (and below it), with role grants, password reset, unlock, platform. */
export default function UserScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const [deptId, setDeptId] = useState<string>();
  const [open, setOpen] = useState<Open>();
  const close = (saved: boolean) => {
    if (saved) open?.reload();
    setOpen(undefined);
  };
  /** A toolbar button that asks, then posts the selected users' ids to user/<call> (重置密码, 账号解封). */
  const confirmedCall = (selected: string[], code: string, call: string, label: string, question: string) =>
    buttons.has(code) && (
      <SelectionButton
        key={code}
        selected={selected}
        onRun={(ids) =>
          confirmThen(t(question), () => api.post(`/blade-system/user/${call}`, undefined, { userIds: ids.join(',') }))
        }
      >
        {t(label)}
      </SelectionButton>
    );

  return (
    <Row className="split-screen" gutter={12} wrap={false}>
      <Col flex="240px">
        <DeptFilterTree onPick={setDeptId} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <CrudPage
          entity={userEntity}
          listPath="/page"
          fixedQuery={deptId ? { deptId } : undefined}
          fieldOverrides={fieldOverrides}
          toolbar={(selected, reload) =>
            [
              buttons.has('user_role') && (
                <SelectionButton key="role" selected={selected} onRun={(ids) => setOpen({ kind: 'roles', ids, reload })}>
                  {t('common.roleConfig')}
                </SelectionButton>
              ),
              confirmedCall(selected, 'user_reset', 'reset-password', 'common.resetPassword', 'common.resetPasswordConfirm'),
              confirmedCall(selected, 'user_unlock', 'unlock', 'common.unlockAccount', 'common.unlockAccountConfirm'),
              buttons.has('user_platform') && (
                <SelectionButton
                  key="platform"
                  single
                  selected={selected}
                  onRun={(ids) => setOpen({ kind: 'platform', ids, reload })}
                >
                  {t('common.platformConfig')}
                </SelectionButton>
              ),
            ].filter(Boolean)
          }
        />
      </Col>
      {open?.kind === 'roles' && <UserRolesDialog userIds={open.ids} onClose={close} />}
      {open?.kind === 'platform' && <UserPlatformDialog userId={open.ids[0]!} onClose={close} />}
    </Row>
  );
}
