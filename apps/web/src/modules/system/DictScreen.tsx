import type { EntityDef } from '@property/domain';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import type { Row } from '../../crud/columns';
import { DictChildren, DictParents } from './DictChildren';
import { entityOf } from './shared';

/** Dictionaries: the parents, paged, each with 字典配置 opening its entries in a dialog. */
function DictScreen({ entity }: { entity: EntityDef }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<Row>();
  return (
    <>
      <DictParents entity={entity} onConfigure={setParent} />
      {parent && (
        <Modal
          open
          width={1000}
          footer={null}
          title={`${t('system.dictChildren')}: ${String(parent.dictValue)}`}
          onCancel={() => setParent(undefined)}
        >
          <DictChildren entity={entity} parent={parent} />
        </Modal>
      )}
    </>
  );
}

export const SystemDictScreen = () => <DictScreen entity={entityOf('dict')} />;
export const BusinessDictScreen = () => <DictScreen entity={entityOf('dictbiz')} />;
