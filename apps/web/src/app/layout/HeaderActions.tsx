import {
  BgColorsOutlined,
  BugOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LockOutlined,
  SkinOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, ColorPicker, Dropdown, Form, Input, Modal, Space, Table, message } from 'antd';
import { useState } from 'react';
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
import { LanguageSwitch } from './LanguageSwitch';
import { MenuSearch } from './MenuSearch';
import { NoticePopover } from './NoticePopover';
import { SwitchDialog } from './SwitchDialog';
import { THEMES } from './themes';

const iconStyle = { cursor: 'pointer', padding: '0 8px', fontSize: 16 } as const;
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
        <span role="button" aria-label={t('common.colour')} style={iconStyle}>
          <BgColorsOutlined />
        </span>
      </ColorPicker>
      <span role="button" aria-label={t('common.errorLog')} style={iconStyle} onClick={() => setShowLog(true)}>
        <Badge count={logs.length ? badgeCount(logs.length, APP.errorLogMax) : 0} size="small">
          <BugOutlined />
        </Badge>
      </span>
      <span role="button" aria-label={t('common.lock')} style={iconStyle} onClick={lock}>
        <LockOutlined />
      </span>
      <Dropdown
        menu={{
          items: THEMES.map((th) => ({ key: th.key, label: t(`themes.${th.key}`) })),
          onClick: ({ key }) => onTheme(key),
        }}
      >
        <span role="button" aria-label={t('common.theme')} style={iconStyle}>
          <SkinOutlined />
        </span>
      </Dropdown>
      <span role="button" aria-label={t('common.fullscreen')} style={iconStyle} onClick={toggleFullscreen}>
        {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </span>
      <LanguageSwitch />
      <NoticePopover />
      <Dropdown
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
        <Space style={{ cursor: 'pointer', padding: '0 8px' }}>
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
          <span className="user-name">{user?.real_name || user?.account}</span>
        </Space>
      </Dropdown>

      {switching && <SwitchDialog onClose={() => setSwitching(false)} />}
      <Modal open={locking} title={t('common.lock')} onCancel={() => setLocking(false)} footer={null} destroyOnHidden>
        <Form
          onFinish={({ password }: { password: string }) => {
            storage.set('lockPassword', password);
            session.lock(password, here);
            setLocking(false);
            navigate('/lock');
          }}
        >
          <Form.Item name="password" rules={[{ required: true, message: t('common.lockPasswordRequired') }]}>
            <Input.Password placeholder={t('common.lockPassword')} autoFocus />
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
