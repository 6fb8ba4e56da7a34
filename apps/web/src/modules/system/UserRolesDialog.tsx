import type { RoleNode, Static } from '@property/domain';
import { Modal, Spin, message } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import type { RoleRecord } from '../../app/answers';
import { api } from '../../app/http';
import { asGrantNodes, CheckTree, type TitledNode } from './GrantTree';

/** 角色配置: the roles the selected users get (each role on its own, no cascade), saved with user/grant. */
export function UserRolesDialog({ userIds, onClose }: { userIds: string[]; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<TitledNode[]>();
  const [checked, setChecked] = useState<string[]>([]);

  useEffect(() => {
    const roles = api.get<Array<Static<typeof RoleNode>>>('/blade-system/role/tree');
    // One user: start from the roles it has; several: start empty (their roles are replaced).
    const own =
      userIds.length === 1
        ? api.get<RoleRecord[]>('/blade-system/role/select', { userId: userIds[0] })
        : Promise.resolve([] as RoleRecord[]);
    void Promise.all([roles, own]).then(([all, mine]) => {
      setTree(asGrantNodes(all));
      setChecked(mine.map((r) => r.id));
    });
  }, [userIds.join(',')]);

  const save = async () => {
    if (checked.length === 0) return void message.warning(t('common.roleRequired'));
    await api.post('/blade-system/user/grant', undefined, { userIds: userIds.join(','), roleIds: checked.join(',') });
    void message.success(t('common.operationSuccess'));
    onClose(true);
  };

  return (
    <Modal
      open
      title={t('common.roleConfig')}
      onOk={save}
      onCancel={() => onClose(false)}
      okText={t('common.submit')}
      destroyOnHidden
    >
      {tree ? (
        <CheckTree
          tree={tree}
          checked={checked}
          onCheck={(key, on) => setChecked((keys) => (on ? [...keys, key] : keys.filter((k) => k !== key)))}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
