import { CrudPage } from '../../crud/CrudPage';
import { entityOf } from './shared';

const deptEntity = entityOf('dept');
/** The chain of ancestor ids is bookkeeping, not for reading. */
const fieldOverrides = { ancestors: { hideInTable: true, hideInDescriptions: true } };

/** Departments: a tree table whose children load when a row opens (dept/lazy-list). */
export default function DeptScreen() {
  return <CrudPage entity={deptEntity} tree="lazy" fieldOverrides={fieldOverrides} />;
}
