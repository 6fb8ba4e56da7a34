import { SearchOutlined } from '@ant-design/icons';
import { Input, List, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { useNavigate } from 'react-router-dom';
import { searchMenus, type MenuNode } from '../menus';

/** The menu search overlay: leaf menus by name prefix, case-insensitive; Esc closes it. */
export function MenuSearch({ menus }: { menus: MenuNode[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const results = searchMenus(menus, query);
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  return (
    <>
      <span
        role="button"
        aria-label={t('common.menuSearch')}
        onClick={() => setOpen(true)}
        style={{ cursor: 'pointer', padding: '0 8px' }}
      >
        <SearchOutlined />
      </span>
      {/* No zoom-in: a search box is for typing at once, and a box still growing from the icon moved
          under a quick click (mouse down on a result, up beside it: the pick was lost). */}
      <Modal
        open={open}
        onCancel={close}
        footer={null}
        closable={false}
        keyboard
        destroyOnHidden
        transitionName=""
        maskTransitionName=""
      >
        <Input
          autoFocus
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('common.menuSearch')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          // Esc closes the overlay (spec §2.2); the dialog's own Esc handling is off while it has no close button.
          onKeyDown={(e) => e.key === 'Escape' && close()}
        />
        <List
          dataSource={results}
          renderItem={(menu) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              onClick={() => {
                close();
                navigate(menu.path);
              }}
            >
              {menu.name} <span style={{ color: '#909399' }}>{menu.path}</span>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
