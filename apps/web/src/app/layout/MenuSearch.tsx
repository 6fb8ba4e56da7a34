import { SearchOutlined } from '@ant-design/icons';
import { Input, List, Modal, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from '../i18n';
import { Link, useNavigate } from 'react-router-dom';
import { searchMenus, type MenuNode } from '../menus';
import { HeaderTool } from './HeaderTool';

/** The menu search overlay: leaf menus by name prefix, case-insensitive; Esc closes it. */
export function MenuSearch({ menus }: { menus: MenuNode[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const input = useRef<InputRef>(null);
  const results = searchMenus(menus, query);
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  return (
    <>
      <HeaderTool label={t('common.menuSearch')} onClick={() => setOpen(true)}>
        <SearchOutlined />
      </HeaderTool>
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
        // The dialog focuses itself as it opens, after the field's autoFocus: the field takes it back.
        afterOpenChange={(opened) => opened && input.current?.focus()}
      >
        <Input
          ref={input}
          autoFocus
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('common.menuSearch')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label={t('common.menuSearch')}
          // Esc closes the overlay (spec §2.2); the dialog's own Esc handling is off while it has no close button.
          // Enter opens the first result; Tab reaches each result, a link.
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
            if (e.key === 'Enter' && results[0]) {
              // Focus returns to the search button as the overlay closes: this Enter must not press it again.
              e.preventDefault();
              close();
              navigate(results[0].path);
            }
          }}
        />
        <List
          dataSource={results}
          renderItem={(menu) => (
            <List.Item
              style={{ cursor: 'pointer' }}
              // The whole entry opens its screen under the pointer; the link (for the keyboard) navigates itself.
              onClick={(event) => {
                if (!(event.target as Element).closest('a')) navigate(menu.path);
                close();
              }}
            >
              <Link to={menu.path} className="menu-search-result">
                {menu.name} <span className="menu-search-path">{menu.path}</span>
              </Link>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
