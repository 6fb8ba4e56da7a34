/**
 * The checked state of a grant tree (menus of a role or a top menu, scopes by
 * menu). The tree runs in "strict" mode and this decides what it shows, so
 * what the server stores is exactly what comes back: a screen granted without
 * its buttons stays granted (shown half-checked) instead of being dropped or
 * gaining every button.
 */
export interface GrantNode {
  key: string;
  children?: GrantNode[];
}

function find(nodes: GrantNode[], key: string, path: GrantNode[] = []): GrantNode[] | undefined {
  for (const node of nodes) {
    if (node.key === key) return [...path, node];
    const below = node.children && find(node.children, key, [...path, node]);
    if (below) return below;
  }
  return undefined;
}

function descendants(node: GrantNode): string[] {
  return (node.children ?? []).flatMap((c) => [c.key, ...descendants(c)]);
}

/**
 * Checking a node grants it, everything below it and every node above it
 * (a screen needs its group); unchecking takes away it and everything below.
 */
export function toggleKey(tree: GrantNode[], granted: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(granted);
  const path = find(tree, key);
  if (!path) return next;
  const node = path[path.length - 1]!;
  for (const k of [node.key, ...descendants(node)]) {
    if (on) next.add(k);
    else next.delete(k);
  }
  if (on) for (const ancestor of path.slice(0, -1)) next.add(ancestor.key);
  return next;
}

/**
 * What the tree shows: a node is checked when it and everything below it are
 * granted, half-checked when it or something below it is. With `containers`,
 * parents are groupings only (scopes under menus): they count as granted when
 * all below them are.
 */
export function displayKeys(
  tree: GrantNode[],
  granted: ReadonlySet<string>,
  containers = false,
): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  // Answers [all below and itself granted, anything granted] for a node.
  const visit = (node: GrantNode): [boolean, boolean] => {
    const kids = (node.children ?? []).map(visit);
    const isParent = kids.length > 0;
    const own = granted.has(node.key) || (containers && isParent && kids.every(([all]) => all));
    const all = own && kids.every(([full]) => full);
    const any = own || kids.some(([, some]) => some);
    if (all) checked.push(node.key);
    else if (any) halfChecked.push(node.key);
    return [all, any];
  };
  tree.forEach(visit);
  return { checked, halfChecked };
}

/** The granted keys that are leaves of the tree (the scopes, without the menus grouping them). */
export function leafKeys(tree: GrantNode[], granted: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const visit = (node: GrantNode) => {
    if (node.children?.length) node.children.forEach(visit);
    else if (granted.has(node.key)) out.push(node.key);
  };
  tree.forEach(visit);
  return out;
}
