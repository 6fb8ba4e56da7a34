import type { EntityDef } from '@property/domain';
import { useMemo } from 'react';
import { useGarden } from '../../app/garden';
import { CrudPage } from '../../crud/CrudPage';
import { gardenPickers } from './garden-pickers';

/** The generic screen of an entity with a gardenId, listing the header garden's rows and adding to it. */
export function GardenScopedScreen({ entity }: { entity: EntityDef }) {
  const { gardenId } = useGarden();
  const scope = useMemo(() => (gardenId ? { gardenId } : undefined), [gardenId]);
  const pickers = useMemo(() => (gardenId ? gardenPickers(entity, gardenId) : undefined), [entity, gardenId]);
  // A read-only gardenId is the server's to set (from the building or house): the form does not send it.
  const writable = !entity.fields.gardenId?.readOnly;
  return <CrudPage entity={entity} fixedQuery={scope} addDefaults={writable ? scope : undefined} fieldOverrides={pickers} />;
}
