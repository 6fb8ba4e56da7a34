import { Modal, Spin, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import type { MenuKeysAnswer, MenuPickerAnswer } from '../../app/answers';
import { api } from '../../app/http';
import { asGrantNodes, GrantTree, type TitledNode } from './GrantTree';

/** 菜单配置 of a top menu: which menus (groups and screens) it shows, saved with topmenu/grant. */
export function TopMenuGrantDialog({ topMenuId, onClose }: { topMenuId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<TitledNode[]>();
  const [granted, setGranted] = useState<Set<string>>(new Set());

  useEffect(() => {
    void Promise.all([
      api.get<MenuPickerAnswer>('/blade-system/menu/grant-top-tree'),
      api.get<MenuKeysAnswer>('/blade-system/menu/top-tree-keys', { topMenuIds: topMenuId }),
    ]).then(([all, keys]) => {
      setTree(asGrantNodes(all.menu));
      setGranted(new Set(keys.menu));
    });
  }, [topMenuId]);

  const save = async () => {
    await api.post('/blade-system/topmenu/grant', { topMenuIds: topMenuId, menuIds: [...granted].join(',') });
    void message.success(t('common.operationSuccess'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('common.menuGrant')}
      width={520}
      onOk={save}
      onCancel={onClose}
      okText={t('common.submit')}
      destroyOnHidden
    >
      {tree ? <GrantTree tree={tree} granted={granted} onChange={setGranted} /> : <Spin />}
    </Modal>
  );
}
