import type { EntityDef } from '@property/domain';
import { useMemo } from 'react';
import { useGarden } from '../../app/garden';
import { useTranslation } from '../../app/i18n';
import { CrudPage } from '../../crud/CrudPage';
import { gardenPickers } from '../community/garden-pickers';
import { epidemicColumns } from './columns';

/**
 * 防控点位, 防控人员, 防控配置: the generic screen of the entity, scoped by the header garden (its rows listed, an add
 * dialog starting in it, the point pickers offering its points), temperatures with one decimal.
 */
export default function EpidemicScreen({ entity }: { entity: EntityDef }) {
  const { t } = useTranslation();
  const { gardenId } = useGarden();
  const scope = useMemo(() => (gardenId ? { gardenId } : undefined), [gardenId]);
  const overrides = useMemo(
    () => ({ ...epidemicColumns(entity, t), ...(gardenId ? gardenPickers(entity, gardenId) : {}) }),
    [entity, gardenId, t],
  );
  return <CrudPage entity={entity} fixedQuery={scope} addDefaults={scope} fieldOverrides={overrides} />;
}
