import { Modal, Spin, Tabs, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import type { GrantKeysAnswer, GrantTreeAnswer } from '../../app/answers';
import { api } from '../../app/http';
import { leafKeys } from './check-tree';
import { asGrantNodes, GrantTree, type TitledNode } from './GrantTree';

type Kind = 'menu' | 'dataScope' | 'apiScope';
const KINDS: Kind[] = ['menu', 'dataScope', 'apiScope'];

/**
 * 权限设置: what roles are granted, in three tabs (menus with their buttons,
 * data scopes and API scopes by menu), loaded from the server and saved
 * together with role/grant.
 */
export function RoleGrantDialog({ roleIds, onClose }: { roleIds: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [trees, setTrees] = useState<Record<Kind, TitledNode[]>>();
  const [granted, setGranted] = useState<Record<Kind, Set<string>>>();

  useEffect(() => {
    void Promise.all([
      api.get<GrantTreeAnswer>('/blade-system/menu/grant-tree'),
      api.get<GrantKeysAnswer>('/blade-system/menu/role-tree-keys', { roleIds: roleIds.join(',') }),
    ]).then(([tree, keys]) => {
      setTrees({ menu: asGrantNodes(tree.menu), dataScope: asGrantNodes(tree.dataScope), apiScope: asGrantNodes(tree.apiScope) });
      setGranted({ menu: new Set(keys.menu), dataScope: new Set(keys.dataScope), apiScope: new Set(keys.apiScope) });
    });
  }, [roleIds.join(',')]);

  const save = async () => {
    if (!trees || !granted) return;
    await api.post('/blade-system/role/grant', {
      roleIds: roleIds.join(','),
      menuIds: [...granted.menu].join(','),
      // The scope tabs group scopes under menus: only the scopes themselves are granted.
      dataScopeIds: leafKeys(trees.dataScope, granted.dataScope).join(','),
      apiScopeIds: leafKeys(trees.apiScope, granted.apiScope).join(','),
    });
    void message.success(t('common.operationSuccess'));
    onClose();
  };

  return (
    <Modal open title={t('common.grant')} width={560} onOk={save} onCancel={onClose} okText={t('common.submit')} destroyOnHidden>
      {!trees || !granted ? (
        <Spin />
      ) : (
        <Tabs
          items={KINDS.map((kind) => ({
            key: kind,
            label: t(`system.${kind}Tab`),
            children: (
              <GrantTree
                tree={trees[kind]}
                granted={granted[kind]}
                containers={kind !== 'menu'}
                onChange={(next) => setGranted({ ...granted, [kind]: next })}
              />
            ),
          }))}
        />
      )}
    </Modal>
  );
}
