import {
  BgColorsOutlined,
  BugOutlined,
  EllipsisOutlined,
  FullscreenExitOutlined,
  GlobalOutlined,
  FullscreenOutlined,
  LockOutlined,
  SkinOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, ColorPicker, Form, Input, Modal, Space, Table, message, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { LANGUAGES, setLanguage, useTranslation } from '../i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { signOut } from '../auth';
import { APP } from '../config';
import { badgeCount, clearErrorLog, errorLog } from '../error-log';
import { request } from '../http';
import { session } from '../session';
import { usePhoneWidth } from '../screen';
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
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const phone = usePhoneWidth();
  const [colourOpen, setColourOpen] = useState(false);
  const themeItems = (prefix: string) => THEMES.map((th) => ({ key: `${prefix}${th.key}`, label: t(`themes.${th.key}`) }));
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

  const chooseColour = (hex: string) => {
    storage.set('colour', hex);
    window.dispatchEvent(new Event('console-colour'));
  };
  const logBadge = logs.length ? badgeCount(logs.length, APP.errorLogMax) : 0;

  // A phone has room for the picker, search, notices and the user: the other tools are one menu's entries, so
  // none is pushed past the screen's edge (a row scrolling sideways hid the language switch and the user menu).
  const moreMenu = (
    <ColorPicker
      open={colourOpen}
      onOpenChange={(open) => !open && setColourOpen(false)}
      defaultValue={storage.get<string>('colour') ?? APP.colour}
      onChangeComplete={(c) => chooseColour(c.toHexString())}
    >
      <span>
        <HeaderToolMenu
          label={t('common.more')}
          className="header-more"
          menu={{
            items: [
              { key: 'colour', icon: <BgColorsOutlined />, label: t('common.colour') },
              {
                key: 'errorLog',
                icon: <BugOutlined />,
                label: logBadge ? `${t('common.errorLog')} (${logBadge})` : t('common.errorLog'),
              },
              { key: 'lock', icon: <LockOutlined />, label: t('common.lock') },
              { key: 'theme', icon: <SkinOutlined />, label: t('common.theme'), children: themeItems('theme:') },
              {
                key: 'language',
                icon: <GlobalOutlined />,
                label: t('common.language'),
                children: LANGUAGES.map((l) => ({ key: `language:${l.key}`, label: l.label, disabled: i18n.language === l.key })),
              },
              {
                key: 'fullscreen',
                icon: fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />,
                label: t('common.fullscreen'),
              },
            ],
            onClick: ({ key }) => {
              const [tool, choice] = key.split(':');
              if (tool === 'colour') setColourOpen(true);
              else if (tool === 'errorLog') setShowLog(true);
              else if (tool === 'lock') lock();
              else if (tool === 'theme') onTheme(choice!);
              else if (tool === 'language') void setLanguage(choice as 'zh' | 'en');
              else if (tool === 'fullscreen') toggleFullscreen();
            },
          }}
        >
          <Badge dot={logs.length > 0}>
            <EllipsisOutlined />
          </Badge>
        </HeaderToolMenu>
      </span>
    </ColorPicker>
  );

  return (
    <Space size={0} align="center">
      <GardenSelect />
      <MenuSearch menus={menus} />
      {!phone && (
        <>
          <ColorPicker
            size="small"
            defaultValue={storage.get<string>('colour') ?? APP.colour}
            onChangeComplete={(c) => chooseColour(c.toHexString())}
          >
            <HeaderTool label={t('common.colour')}>
              <BgColorsOutlined />
            </HeaderTool>
          </ColorPicker>
          <HeaderTool label={t('common.errorLog')} onClick={() => setShowLog(true)}>
            <Badge count={logBadge} size="small">
              <BugOutlined />
            </Badge>
          </HeaderTool>
          <HeaderTool label={t('common.lock')} onClick={lock}>
            <LockOutlined />
          </HeaderTool>
          <HeaderToolMenu label={t('common.theme')} menu={{ items: themeItems(''), onClick: ({ key }) => onTheme(key) }}>
            <SkinOutlined />
          </HeaderToolMenu>
          <HeaderTool label={t('common.fullscreen')} onClick={toggleFullscreen}>
            {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          </HeaderTool>
          <LanguageSwitch />
        </>
      )}
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
      {phone && moreMenu}

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
