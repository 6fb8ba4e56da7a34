import { Dropdown, Modal, Tabs, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../http';
import { storage } from '../storage';
import { closable, closeAll, closeOthers, closeTab, HOME_TAB, openTab, type Tab } from '../tabs';
import { clearDictionaries } from '../../crud/dictionaries';

/** The tab bar of opened pages, with its context menu (clear cache, close others, close all). */
export function TabBar({ titleOf }: { titleOf: (path: string) => string | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [tabs, setTabs] = useState<Tab[]>(() => storage.get<Tab[]>('tabs') ?? [HOME_TAB]);

  useEffect(() => {
    const title = pathname === HOME_TAB.path ? HOME_TAB.title : titleOf(pathname);
    if (title) setTabs((current) => openTab(current, { path: pathname, title }));
  }, [pathname, titleOf]);
  useEffect(() => storage.set('tabs', tabs), [tabs]);

  const go = (next: { tabs: Tab[]; next: string }) => {
    setTabs(next.tabs);
    if (next.next !== pathname) navigate(next.next);
  };
  const clearCache = () =>
    Modal.confirm({
      title: t('common.deleteTitle'),
      content: t('common.clearCacheConfirm'),
      onOk: async () => {
        clearDictionaries();
        // A refused call has shown its toast; 清除完毕 is said only when the server's caches were cleared too.
        const cleared = await api.get('/blade-auth/oauth/clear-cache').then(
          () => true,
          () => false,
        );
        if (cleared) void message.success(t('common.clearCacheDone'));
      },
    });

  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items: [
          { key: 'cache', label: t('common.clearCache') },
          { key: 'others', label: t('common.closeOthers') },
          { key: 'all', label: t('common.closeAll') },
        ],
        onClick: ({ key }) => {
          if (key === 'cache') clearCache();
          if (key === 'others') setTabs(closeOthers(tabs, pathname));
          if (key === 'all') go(closeAll());
        },
      }}
    >
      <div className="tab-bar">
        <Tabs
          type="editable-card"
          hideAdd
          size="small"
          activeKey={pathname}
          onChange={(key) => navigate(key)}
          onEdit={(key, action) => action === 'remove' && go(closeTab(tabs, String(key), pathname))}
          items={tabs.map((tab) => ({
            key: tab.path,
            label: tab.title === HOME_TAB.title ? t('common.home') : (titleOf(tab.path) ?? tab.title),
            closable: closable(tabs, tab),
          }))}
          style={{ marginBottom: 0 }}
        />
      </div>
    </Dropdown>
  );
}
