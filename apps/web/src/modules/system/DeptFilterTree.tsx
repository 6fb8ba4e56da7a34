import type { DeptNode, Static } from '@property/domain';
import { Card, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { asGrantNodes, type TitledNode } from './GrantTree';

/** The department tree beside the user list: picking a department lists it and everything below it. */
export function DeptFilterTree({ onPick }: { onPick: (deptId: string | undefined) => void }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<TitledNode[]>([]);
  useEffect(() => {
    void api.get<Array<Static<typeof DeptNode>>>('/blade-system/dept/tree').then((rows) => setTree(asGrantNodes(rows)));
  }, []);
  return (
    <Card size="small" title={t('system.allDepts')} styles={{ body: { padding: 8 } }}>
      {tree.length > 0 && (
        <Tree
          aria-label={t('system.allDepts')}
          defaultExpandAll
          treeData={tree}
          onSelect={(keys) => onPick(keys.length ? String(keys[0]) : undefined)}
        />
      )}
    </Card>
  );
}
