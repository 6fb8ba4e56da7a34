import { api } from '../../app/http';
import type { Row } from '../../crud/columns';

export type ResourceType = 'garden' | 'building' | 'unit' | 'house';

/** A node of the garden → building → unit → house tree, carrying the ids of its ancestors. */
export interface ResourceNode {
  key: string;
  title: string;
  type: ResourceType;
  id: string;
  gardenId: string;
  buildingId?: string;
  unitId?: string;
  isLeaf: boolean;
  children?: ResourceNode[];
}

const CHILD: Record<ResourceType, ResourceType | undefined> = {
  garden: 'building',
  building: 'unit',
  unit: 'house',
  house: undefined,
};
const TITLE: Record<ResourceType, string> = { garden: 'gardenName', building: 'buildingName', unit: 'unitName', house: 'name' };

/** Rows of one level as tree nodes below `parent` (none for gardens). */
export function nodesOf(rows: Row[], type: ResourceType, parent?: ResourceNode): ResourceNode[] {
  return rows.map((row) => {
    const id = String(row.id);
    return {
      key: `${type}:${id}`,
      title: String(row[TITLE[type]] ?? row.title ?? id),
      type,
      id,
      gardenId: type === 'garden' ? id : (parent?.gardenId ?? String(row.gardenId)),
      buildingId: type === 'building' ? id : parent?.buildingId,
      unitId: type === 'unit' ? id : parent?.unitId,
      isLeaf: type === 'house',
    };
  });
}

/** The house list's filters for a selected node: a house narrows to its unit (and is opened). */
export function houseListScope(node: ResourceNode | undefined, headerGardenId?: string): Record<string, string> | undefined {
  if (!node) return headerGardenId ? { gardenId: headerGardenId } : undefined;
  const scope: Record<string, string> = { gardenId: node.gardenId };
  if (node.buildingId) scope.buildingId = node.buildingId;
  if (node.unitId) scope.unitId = node.unitId;
  return scope;
}

/** The top of the tree: the header's garden, or every garden when none is chosen. */
export async function loadGardens(headerGardenId?: string): Promise<ResourceNode[]> {
  const rows = await api.get<Row[]>('/community-resource/resource-search/search', { type: 'garden', gardenId: headerGardenId });
  return nodesOf(rows, 'garden');
}

/** One level below a node: buildings and units through resource-search, a unit's houses through unithouse/search. */
export async function loadChildren(node: ResourceNode): Promise<ResourceNode[]> {
  const type = CHILD[node.type];
  if (!type) return [];
  const rows =
    type === 'house'
      ? await api.get<Row[]>('/community-resource/unithouse/search', { UnitId: node.id }, { noClientHeader: true })
      : await api.get<Row[]>('/community-resource/resource-search/search', {
          type,
          gardenId: node.gardenId,
          buildingId: type === 'unit' ? node.id : undefined,
        });
  return nodesOf(rows, type, node);
}

/** The tree with a node's children put in place. */
export function withChildren(tree: ResourceNode[], key: string, children: ResourceNode[]): ResourceNode[] {
  return tree.map((n) =>
    n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, key, children) } : n,
  );
}
