import type { ProColumns } from '@ant-design/pro-components';
import { ENTITIES, type EntityDef } from '@property/domain';
import { choicesRequest, type Row } from '../../crud/columns';

/** The entity a reference field's choices are rows of, found by the list's address. */
function sourceOf(from: string): EntityDef | undefined {
  const path = from.split('?')[0] ?? '';
  return ENTITIES.find((e) => path.startsWith(`${e.base}/`));
}

/**
 * On a screen scoped by the header garden, pickers of garden-bound rows
 * (owners, houses, cars, parking spaces) offer the header garden's rows only:
 * house names repeat from garden to garden (1栋1单元0101), so an unscoped list
 * would offer look-alikes the server then refuses.
 */
export function gardenPickers(entity: EntityDef, gardenId: string): Record<string, Partial<ProColumns<Row>>> {
  const overrides: Record<string, Partial<ProColumns<Row>>> = {};
  for (const [key, field] of Object.entries(entity.fields)) {
    const options = field.options;
    if (!options || options.tree || !sourceOf(options.from)?.fields.gardenId) continue;
    overrides[key] = { request: choicesRequest(options, { gardenId }), params: { gardenId } };
  }
  return overrides;
}
