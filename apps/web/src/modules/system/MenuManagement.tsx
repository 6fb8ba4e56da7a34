import { Select, Space } from 'antd';
import { createElement } from 'react';
import { ICON_NAMES, menuIcon } from '../../app/layout/menu-icons';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/columns';
import { entityOf } from './shared';

const menuEntity = entityOf('menu');

const iconOptions = ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space>
      {createElement(menuIcon(name))}
      {name}
    </Space>
  ),
}));

/** The icon column shows the icon; the form picks one of the console's icons by name. */
const fieldOverrides = {
  source: {
    render: (_: unknown, row: Row) => (
      <Space>
        {createElement(menuIcon(String(row.source ?? '')))}
        {String(row.source ?? '')}
      </Space>
    ),
    renderFormItem: () => <Select showSearch allowClear options={iconOptions} optionFilterProp="value" />,
  },
};

/** Menus: the whole tree with buttons under their screens, add child on every row. */
export default function MenuManagement() {
  return <CrudPage entity={menuEntity} tree="all" fieldOverrides={fieldOverrides} addDefaults={{ category: 1, isOpen: 1 }} />;
}
