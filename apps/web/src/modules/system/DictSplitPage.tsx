import { Card, Col, Empty, Row as Grid } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import type { Row } from '../../crud/columns';
import { DictChildren, DictParents } from './DictChildren';
import { entityOf } from './shared';

const dictEntity = entityOf('dict');

/**
 * /dict-horizontal/index and /dict-vertical/index: the system dictionaries on
 * one side (left, or top), the entries of the one picked on the other.
 */
export default function DictSplitPage({ layout }: { layout: 'horizontal' | 'vertical' }) {
  const { t } = useTranslation();
  const [parent, setParent] = useState<Row>();
  const span = layout === 'horizontal' ? 12 : 24;
  return (
    <Grid gutter={[12, 12]}>
      <Col span={span}>
        <DictParents entity={dictEntity} onConfigure={setParent} />
      </Col>
      <Col span={span}>
        {parent ? (
          <DictChildren entity={dictEntity} parent={parent} />
        ) : (
          <Card>
            <Empty description={t('system.selectParentDict')} />
          </Card>
        )}
      </Col>
    </Grid>
  );
}
