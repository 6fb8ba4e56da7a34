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

/** Server trees (id / title / children) as grant nodes keyed by id. */
export function asGrantNodes(nodes: Array<Record<string, unknown>>): TitledNode[] {
  return nodes.map((n) => ({
    key: String(n.key ?? n.id),
    title: String(n.title ?? n.name ?? ''),
    ...(Array.isArray(n.children) && n.children.length ? { children: asGrantNodes(n.children as never) } : {}),
  }));
}
