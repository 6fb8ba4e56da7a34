import { Card, Input, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { loadChildren, loadGardens, withChildren, type ResourceNode } from './resource-tree';

/** The left side of 房屋管理: gardens, buildings, units and houses, each level loaded when opened. */
export function ResourceTree({
  gardenId,
  selected,
  onSelect,
}: {
  gardenId?: string;
  selected?: ResourceNode;
  onSelect: (node: ResourceNode | undefined) => void;
}) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<ResourceNode[]>([]);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    let live = true;
    // A refused call has shown its toast; the tree stays empty.
    loadGardens(gardenId)
      .then((gardens) => live && setTree(gardens))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [gardenId]);

  const shown = filter ? tree.filter((n) => n.title.includes(filter)) : tree;
  return (
    <Card size="small" title={t('community.resourceTree')} styles={{ body: { padding: 8, maxHeight: 640, overflow: 'auto' } }}>
      <Input.Search size="small" allowClear placeholder={t('common.search')} onChange={(e) => setFilter(e.target.value.trim())} />
      <Tree<ResourceNode>
        aria-label={t('community.resourceTree')}
        style={{ marginTop: 8 }}
        treeData={shown}
        selectedKeys={selected ? [selected.key] : []}
        loadData={async (node) => {
          if (node.children || node.isLeaf) return;
          const children = await loadChildren(node).catch(() => []);
          setTree((current) => withChildren(current, node.key, children));
        }}
        onSelect={(_keys, info) => onSelect(info.selected ? info.node : undefined)}
      />
    </Card>
  );
}
