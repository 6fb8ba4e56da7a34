import type { ProColumns } from '@ant-design/pro-components';
import type { EntityDef } from '@property/domain';
import { choicesRequest, type Row } from '../../crud/columns';
import { sourceOf } from '../../crud/dictionaries';

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
