import { houseEntity } from '@property/domain';
import { Button, Col, Row as GridRow } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useGarden } from '../../app/garden';
import { useButtons } from '../../app/permissions';
import { CrudPage } from '../../crud/CrudPage';
import { HouseDetailDrawer } from './HouseDetailDrawer';
import { HouseImportDialog } from './HouseImportDialog';
import { houseListScope, type ResourceNode } from './resource-tree';
import { ResourceTree } from './ResourceTree';

/**
 * 房屋管理: the garden → building → unit → house tree on the left, the houses
 * of the selected node on the right (scoped by the header garden), with
 * import, export and a detail drawer of each house's residents.
 */
export default function HouseScreen() {
  const { t } = useTranslation();
  const buttons = useButtons();
  const { gardenId } = useGarden();
  const [node, setNode] = useState<ResourceNode>();
  const [detailOf, setDetailOf] = useState<string>();
  const [importOpen, setImportOpen] = useState(false);
  const reloadList = useRef<() => void>(undefined);
  // A node of another garden than the header's no longer applies once the header changes.
  const current = node && (!gardenId || node.gardenId === gardenId) ? node : undefined;
  const scope = useMemo(() => houseListScope(current, gardenId), [current, gardenId]);

  const select = (picked: ResourceNode | undefined) => {
    setNode(picked);
    if (picked?.type === 'house') setDetailOf(picked.id);
  };

  return (
    <GridRow className="split-screen" gutter={12} wrap={false}>
      <Col flex="280px">
        <ResourceTree gardenId={gardenId} selected={current} onSelect={select} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <CrudPage
          entity={houseEntity}
          fixedQuery={scope}
          addDefaults={scope}
          rowActions={(row) => (
            <Button type="link" size="small" onClick={() => setDetailOf(String(row.id))}>
              {t('community.detail')}
            </Button>
          )}
          toolbar={(_selected, reload) => {
            reloadList.current = reload;
            return buttons.has('house_add')
              ? [
                  <Button key="import" onClick={() => setImportOpen(true)}>
                    {t('common.import')}
                  </Button>,
                ]
              : [];
          }}
        />
      </Col>
      {detailOf && <HouseDetailDrawer houseId={detailOf} onClose={() => setDetailOf(undefined)} />}
      {importOpen && (
        <HouseImportDialog gardenId={gardenId} onClose={() => setImportOpen(false)} onSaved={() => reloadList.current?.()} />
      )}
    </GridRow>
  );
}
