import type { Row } from './engine';

export interface TreeOptions {
  idKey?: string;
  parentKey?: string;
  titleKey: string;
  /** Value of parentKey at the root. */
  root?: string;
}

/**
 * Rows → the tree clients expect: each node gains `title`, `key`, `value`
 * (and keeps its own fields); `children` and `hasChildren` appear only on
 * nodes that have children (clients treat any `children` key as a parent).
 */
export function buildTree(rows: Row[], options: TreeOptions): Row[] {
  const idKey = options.idKey ?? 'id';
  const parentKey = options.parentKey ?? 'parentId';
  const nodes = new Map<string, Row>();
  for (const row of rows) {
    const id = String(row[idKey]);
    nodes.set(id, { ...row, title: row[options.titleKey], key: id, value: id });
  }
  const roots: Row[] = [];
  for (const node of nodes.values()) {
    const parentId = String(node[parentKey] ?? options.root ?? '0');
    const parent = nodes.get(parentId);
    if (parent && parent !== node) {
      ((parent.children as Row[] | undefined) ?? (parent.children = [])).push(node);
      parent.hasChildren = true;
    } else roots.push(node);
  }
  return roots;
}

/** Marks which rows of a lazy tree level have children, from the set of parent ids that exist. */
export function markHasChildren(rows: Row[], parentIds: Set<string>, idKey = 'id'): Row[] {
  return rows.map((row) => {
    const id = String(row[idKey]);
    const node: Row = { ...row, title: row.title ?? row.name, key: id, value: id };
    if (parentIds.has(id)) node.hasChildren = true;
    return node;
  });
}
