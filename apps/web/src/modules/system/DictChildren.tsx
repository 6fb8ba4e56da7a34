import type { EntityDef } from '@property/domain';
import { Button } from 'antd';
import { useTranslation } from '../../app/i18n';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/columns';

/** An entry belongs to its parent: the parent is not picked, and the code is the parent's. */
const childFields = {
  parentId: { hideInForm: true, hideInTable: true, hideInSearch: true },
  code: { fieldProps: { disabled: true }, hideInSearch: true },
};

/** The entries of one dictionary (child-list), added with the parent's id and code. */
export function DictChildren({ entity, parent }: { entity: EntityDef; parent: Row }) {
  return (
    <CrudPage
      key={String(parent.id)}
      entity={entity}
      listPath="/child-list"
      inAddress={false}
      fixedQuery={{ parentId: String(parent.id) }}
      addDefaults={{ parentId: String(parent.id), code: parent.code, isSealed: 0 }}
      fieldOverrides={childFields}
    />
  );
}

/** A dictionary (parent) has no key and no parent of its own: the server stores -1 and 0. */
const parentDictFields = {
  parentId: { hideInForm: true, hideInTable: true, hideInSearch: true },
  dictKey: { hideInForm: true, hideInTable: true, hideInSearch: true },
};

/** The dictionaries themselves (parent-list), paged, each with 字典配置 that opens its entries. */
export function DictParents({ entity, onConfigure }: { entity: EntityDef; onConfigure: (parent: Row) => void }) {
  const { t } = useTranslation();
  return (
    <CrudPage
      entity={entity}
      listPath="/parent-list"
      fieldOverrides={parentDictFields}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => onConfigure(row)}>
          {t('system.dictConfig')}
        </Button>
      )}
    />
  );
}
