import { Descriptions, Drawer, Empty, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../app/i18n';
import type { Row } from '../../crud/columns';
import { loadHouseDetail, plateOf, type Resident } from './house-residents';
import { dictionaryOptions } from '../../crud/dictionaries';
import { useOptions } from './use-options';

/**
 * 房屋详情: the house with its garden, building and unit, and who and what
 * belongs to it: owners, family, lessees, cars and parking spaces, each on a
 * tab with its count.
 */
export function HouseDetailDrawer({ houseId, onClose }: { houseId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['house-detail', houseId], queryFn: () => loadHouseDetail(houseId), staleTime: 0 });
  const data = detail.data;
  const house = data?.house;
  const relations = useOptions(() => dictionaryOptions('relation_type'));
  const relationName = (value: unknown) =>
    value === null || value === undefined
      ? ''
      : (relations.find((o) => String(o.value) === String(value))?.label ?? String(value));

  const people = (rows: Resident[] | undefined, withRelation = false) =>
    rows === undefined ? (
      <Empty description={t('community.notReady')} />
    ) : (
      <Table<Resident>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('community.noResidents') }}
        columns={[
          { title: t('community.name'), dataIndex: 'name' },
          { title: t('community.phone'), dataIndex: 'phone' },
          ...(withRelation
            ? [{ title: t('community.relation'), key: 'relation', render: (_: unknown, r: Resident) => relationName(r.relation) }]
            : []),
        ]}
      />
    );
  const list = (rows: Row[] | undefined, columns: Array<{ title: string; render: (row: Row) => string }>) =>
    rows === undefined ? (
      <Empty description={t('community.notReady')} />
    ) : (
      <Table<Row>
        size="small"
        rowKey={(r) => String(r.id)}
        pagination={false}
        dataSource={rows}
        columns={columns.map((c, i) => ({ key: i, title: c.title, render: (_: unknown, row: Row) => c.render(row) }))}
      />
    );
  const label = (key: string, rows?: unknown[]) => (
    <span>
      {t(`community.${key}`)} {rows && <Tag>{rows.length}</Tag>}
    </span>
  );

  return (
    <Drawer open width={720} title={t('community.houseDetail')} onClose={onClose} destroyOnHidden>
      <Spin spinning={detail.isLoading}>
        {house && (
          <>
            <Typography.Title level={5}>{String(house.houseName ?? '')}</Typography.Title>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={t('fields.house.gardenId')}>{String(house.gardenName ?? '')}</Descriptions.Item>
              <Descriptions.Item label={t('fields.house.buildingId')}>{String(house.buildingName ?? '')}</Descriptions.Item>
              <Descriptions.Item label={t('fields.house.unitId')}>{String(house.unitName ?? '')}</Descriptions.Item>
              <Descriptions.Item label={t('fields.house.floor')}>{String(house.floor ?? '')}</Descriptions.Item>
              <Descriptions.Item label={t('fields.house.builtArea')}>{String(house.builtArea ?? '')}</Descriptions.Item>
              <Descriptions.Item label={t('fields.house.innerArea')}>{String(house.innerArea ?? '')}</Descriptions.Item>
            </Descriptions>
          </>
        )}
        {data && (
          <Tabs
            style={{ marginTop: 16 }}
            items={[
              { key: 'owners', label: label('owners', data.residents?.owners), children: people(data.residents?.owners) },
              {
                key: 'families',
                label: label('families', data.residents?.families),
                children: people(data.residents?.families, true),
              },
              { key: 'lessees', label: label('lessees', data.residents?.lessees), children: people(data.residents?.lessees) },
              {
                key: 'cars',
                label: label('cars', data.cars),
                children: list(data.cars, [{ title: t('community.carNumber'), render: plateOf }]),
              },
              {
                key: 'spaces',
                label: label('parkingSpaces', data.spaces),
                children: list(data.spaces, [{ title: t('community.spaceName'), render: (r) => String(r.spaceNo ?? '') }]),
              },
            ]}
          />
        )}
      </Spin>
    </Drawer>
  );
}
