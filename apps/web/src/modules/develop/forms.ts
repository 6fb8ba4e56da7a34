import type { PickerNode } from '@property/domain';

/** What a model is called when its table is picked: the table's comment or name, a code, a class name. */
export function modelNamesOf(
  table: string,
  comment: string | null,
): { modelName: string; modelCode: string; modelClass: string } {
  const bare = table.slice(table.indexOf('.') + 1);
  const words = bare.split('_').filter(Boolean);
  return {
    modelName: comment || bare,
    modelCode: table.replace(/\./g, '_').replace(/^_+/, ''),
    modelClass: words
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('')
      .replace(/^\d+/, ''),
  };
}

/** The menu groups of a menu tree: a generated menu goes under a group, never under a screen. */
export function groupsOf(nodes: PickerNode[]): PickerNode[] {
  return nodes
    .filter((node) => (node.children?.length ?? 0) > 0)
    .map((node) => {
      const children = groupsOf(node.children!);
      return { ...node, children: children.length > 0 ? children : undefined };
    });
}
