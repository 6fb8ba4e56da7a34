import { Alert, Empty, Table, Typography } from 'antd';
import { useTranslation } from '../../app/i18n';
import { errorText } from '../../app/i18n';
import type { BatchPreview } from './building-preview';

/** The house numbers a batch will create, one row a floor (top floor first), one column a position. */
export function BatchPreviewTable({ preview }: { preview: BatchPreview }) {
  const { t } = useTranslation();
  if (preview.state === 'incomplete')
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('community.previewEmpty')} />;
  if (preview.state === 'refused')
    return <Alert type="error" showIcon message={errorText(preview.problem.key, preview.problem.params)} />;
  const { shape, units, floors, total } = preview;
  const positions = Array.from({ length: shape.houseCount }, (_, i) => i);
  return (
    <div data-testid="batch-preview">
      <Typography.Paragraph>
        {t('community.previewSummary', { units: shape.unitCount, floors: shape.floorCount, perFloor: shape.houseCount, total })}
        <br />
        <Typography.Text type="secondary">{t('community.previewUnits', { units: units.join('、') })}</Typography.Text>
      </Typography.Paragraph>
      <Table
        size="small"
        bordered
        rowKey="floor"
        pagination={false}
        scroll={{ x: 'max-content', y: 260 }}
        dataSource={floors}
        columns={[
          {
            title: '',
            dataIndex: 'floor',
            fixed: 'left',
            width: 72,
            render: (floor: number) => t('community.floorLabel', { floor }),
          },
          ...positions.map((p) => ({
            title: String(p + 1),
            key: `p${p}`,
            width: 72,
            render: (_: unknown, row: { houses: string[] }) => row.houses[p],
          })),
        ]}
      />
    </div>
  );
}
