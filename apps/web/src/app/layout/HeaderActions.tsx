import {
  BgColorsOutlined,
  BugOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LockOutlined,
  SkinOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, ColorPicker, Form, Input, Modal, Space, Table, message, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from '../i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '../auth';
import { APP } from '../config';
import { badgeCount, clearErrorLog, errorLog } from '../error-log';
import { request } from '../http';
import { session } from '../session';
import { storage } from '../storage';
import type { MenuNode } from '../menus';
import { GardenSelect } from './GardenSelect';
import { HeaderTool } from './HeaderTool';
import { HeaderToolMenu } from './HeaderToolMenu';
import { LanguageSwitch } from './LanguageSwitch';
import { MenuSearch } from './MenuSearch';
import { NoticePopover } from './NoticePopover';
import { SwitchDialog } from './SwitchDialog';
import { THEMES } from './themes';

/** The log upload says itself whether it failed, in one message rather than the server's toast and its own. */
const ANY_FAILURE = [400, 401, 403, 404, 405, 413, 415, 500, 502, 503, 504];

/** The header's right side (spec §2.2). */
export function HeaderActions({ menus, onTheme }: { menus: MenuNode[]; onTheme: (key: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const user = session.user();
  const [fullscreen, setFullscreen] = useState(false);
  const [locking, setLocking] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [switching, setSwitching] = useState(false);
  const lockPassword = useRef<InputRef>(null);
  const logs = errorLog();

  const lock = () => {
    const existing = storage.get<string>('lockPassword');
    if (existing) {
      session.lock(existing, here);
      navigate('/lock');
    } else setLocking(true);
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => undefined);
    setFullscreen(!document.fullscreenElement);
  };
  const logout = () =>
    Modal.confirm({
      title: t('common.deleteTitle'),
      content: t('common.logoutConfirm'),
      onOk: async () => {
        await signOut();
        navigate('/login');
      },
    });

  return (
    <Space size={0} align="center">
      <GardenSelect />
      <MenuSearch menus={menus} />
      <ColorPicker
        size="small"
        defaultValue={storage.get<string>('colour') ?? APP.colour}
        onChangeComplete={(c) => {
          storage.set('colour', c.toHexString());
          window.dispatchEvent(new Event('console-colour'));
        }}
      >
        <HeaderTool label={t('common.colour')}>
          <BgColorsOutlined />
        </HeaderTool>
      </ColorPicker>
      <HeaderTool label={t('common.errorLog')} onClick={() => setShowLog(true)}>
        <Badge count={logs.length ? badgeCount(logs.length, APP.errorLogMax) : 0} size="small">
          <BugOutlined />
        </Badge>
      </HeaderTool>
      <HeaderTool label={t('common.lock')} onClick={lock}>
        <LockOutlined />
      </HeaderTool>
      <HeaderToolMenu
        label={t('common.theme')}
        menu={{
          items: THEMES.map((th) => ({ key: th.key, label: t(`themes.${th.key}`) })),
          onClick: ({ key }) => onTheme(key),
        }}
      >
        <SkinOutlined />
      </HeaderToolMenu>
      <HeaderTool label={t('common.fullscreen')} onClick={toggleFullscreen}>
        {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </HeaderTool>
      <LanguageSwitch />
      <NoticePopover />
      <HeaderToolMenu
        label={user?.real_name || user?.account || t('common.userInfo')}
        className="user-menu"
        menu={{
          items: [
            { key: '/', label: t('common.dashboard') },
            { key: '/info/index', label: t('common.userInfo') },
            ...(APP.switchMode ? [{ key: 'switch', label: t('common.switchDeptRole') }] : []),
            { type: 'divider' },
            { key: 'logout', label: t('common.logout') },
          ],
          onClick: ({ key }) => (key === 'logout' ? logout() : key === 'switch' ? setSwitching(true) : navigate(key)),
        }}
      >
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
        <span className="user-name">{user?.real_name || user?.account}</span>
      </HeaderToolMenu>

      {switching && <SwitchDialog onClose={() => setSwitching(false)} />}
      <Modal
        open={locking}
        title={t('common.lock')}
        onCancel={() => setLocking(false)}
        footer={null}
        destroyOnHidden
        // The field mounts inside the dialog's portal before the portal is in the page, so its own autoFocus
        // finds nothing to focus and the dialog then focuses itself: the field takes focus once the dialog shows.
        afterOpenChange={(open) => open && lockPassword.current?.focus()}
      >
        <Form
          onFinish={({ password }: { password: string }) => {
            storage.set('lockPassword', password);
            session.lock(password, here);
            setLocking(false);
            navigate('/lock');
          }}
        >
          <Form.Item name="password" rules={[{ required: true, message: t('common.lockPasswordRequired') }]}>
            <Input.Password ref={lockPassword} placeholder={t('common.lockPassword')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('common.confirm')}
          </Button>
        </Form>
      </Modal>

      <Modal open={showLog} title={t('common.errorLog')} width={900} onCancel={() => setShowLog(false)} footer={null}>
        <Space style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            disabled={logs.length === 0}
            onClick={() =>
              Modal.confirm({
                title: t('common.deleteTitle'),
                content: t('common.uploadLogConfirm'),
                onOk: async () => {
                  try {
                    await request('POST', '/blade-auth/oauth/logout', { data: logs, quietCodes: ANY_FAILURE });
                    void message.success(t('common.sendSuccess'));
                  } catch {
                    void message.error(t('common.sendFailed'));
                  }
                },
              })
            }
          >
            {t('common.uploadLog')}
          </Button>
          <Button
            danger
            disabled={logs.length === 0}
            onClick={() =>
              Modal.confirm({
                title: t('common.deleteTitle'),
                content: t('common.clearLogConfirm'),
                onOk: () => {
                  clearErrorLog();
                  setShowLog(false);
                  void message.success(t('common.clearSuccess'));
                },
              })
            }
          >
            {t('common.clearLog')}
          </Button>
        </Space>
        <Table
          size="small"
          rowKey={(r) => `${r.time}-${r.message}`}
          dataSource={logs}
          columns={(['Type', 'Message', 'Url', 'Time'] as const).map((k) => ({
            title: t(`common.errorLog${k}`),
            dataIndex: k.toLowerCase(),
            ellipsis: true,
          }))}
        />
      </Modal>
    </Space>
  );
}
