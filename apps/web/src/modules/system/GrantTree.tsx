import type { Node } from '@property/domain';
import { Tree, type TreeProps } from 'antd';
import { useMemo } from 'react';
import { displayKeys, toggleKey, type GrantNode } from './check-tree';

export interface TitledNode extends GrantNode {
  title: string;
  children?: TitledNode[];
}

/** A checkable tree, fully expanded, each node checked on its own (the caller decides what follows). */
export function CheckTree({
  tree,
  checked,
  onCheck,
}: {
  tree: TitledNode[];
  checked: TreeProps['checkedKeys'];
  onCheck: (key: string, checked: boolean) => void;
}) {
  return (
    <Tree
      checkable
      checkStrictly
      defaultExpandAll
      selectable={false}
      treeData={tree}
      checkedKeys={checked}
      onCheck={(_, info) => onCheck(String(info.node.key), info.checked)}
    />
  );
}

/** A checkable tree of grants whose checks follow check-tree.ts (parents shown half-checked when partly granted). */
export function GrantTree({
  tree,
  granted,
  onChange,
  containers,
}: {
  tree: TitledNode[];
  granted: ReadonlySet<string>;
  onChange: (granted: Set<string>) => void;
  containers?: boolean;
}) {
  const shown = useMemo(() => displayKeys(tree, granted, containers), [tree, granted, containers]);
  // Not virtual: every node is in the page (find-in-page works, and tests can reach any node).
  return (
    <div style={{ maxHeight: 460, overflow: 'auto' }}>
      <CheckTree tree={tree} checked={shown} onCheck={(key, on) => onChange(toggleKey(tree, granted, key, on))} />
    </div>
  );
}

/**
 * What the nodes of every tree answer have (picker nodes, DeptNode, RoleNode…): a key (the id) and a title
 * (the row's title field, which may be null; a picker node may name itself instead).
 */
type ServerNode = Node<{ key: string; title: string | null; name?: string | null }>;

/** Server trees as grant nodes keyed by their key; a node without a title shows its name, else nothing. */
export function asGrantNodes(nodes: ServerNode[]): TitledNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: n.title ?? n.name ?? '',
    ...(n.children?.length ? { children: asGrantNodes(n.children) } : {}),
  }));
}
