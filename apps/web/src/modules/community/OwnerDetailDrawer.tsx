import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Space, Spin, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { api } from '../../app/http';
import { useButtons } from '../../app/permissions';
import type { Row } from '../../crud/columns';
import { CarDialog } from './CarDialog';
import { FamilyDialog } from './FamilyDialog';
import { ownerHouseOptions } from './house-picker';
import { plateOf } from './house-residents';

/** An owner's houses (search-house), family (family-list) and cars (carlist/list-all), loaded together. */
async function loadOwnerDetail(ownerId: string) {
  const quiet = { noClientHeader: true };
  const [owner, houses, family, cars] = await Promise.all([
    api.get<Row>('/owner/detail', { id: ownerId }, quiet),
    ownerHouseOptions(ownerId),
    api.get<Row[]>('/owner/family-list', { ownerId }, quiet),
    api.get<Row[]>('/citizen-user/carlist/list-all', { ownerId }),
  ]);
  return { owner, houses, family, cars };
}

/** 业主详情: the owner, their houses, family and cars, with 添加家属 and 添加车辆. */
export function OwnerDetailDrawer({ ownerId, onClose }: { ownerId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const buttons = useButtons();
  const detail = useQuery({ queryKey: ['owner-detail', ownerId], queryFn: () => loadOwnerDetail(ownerId), staleTime: 0 });
  const [dialog, setDialog] = useState<'family' | 'car'>();
  const data = detail.data;
  const reload = () => void detail.refetch();
  const count = (key: string, rows?: unknown[]) => (
    <span>
      {t(`community.${key}`)} <Tag>{rows?.length ?? 0}</Tag>
    </span>
  );
  const table = (rows: Row[] | undefined, columns: Array<{ title: string; render: (row: Row) => string }>) => (
    <Table<Row>
      size="small"
      rowKey={(r) => String(r.id ?? r.value)}
      pagination={false}
      dataSource={rows}
      columns={columns.map((c, i) => ({ key: i, title: c.title, render: (_: unknown, row: Row) => c.render(row) }))}
    />
  );

  return (
    <Drawer
      open
      width={720}
      title={t('community.ownerDetail')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          {buttons.has('family_add') && (
            <Button disabled={!data?.houses.length} onClick={() => setDialog('family')}>
              {t('community.addFamily')}
            </Button>
          )}
          {buttons.has('car_add') && <Button onClick={() => setDialog('car')}>{t('community.addCar')}</Button>}
        </Space>
      }
    >
      <Spin spinning={detail.isLoading}>
        {data && (
          <>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label={t('fields.owner.name')}>{String(data.owner?.name ?? '')}</Descriptions.Item>
              <Descriptions.Item label={t('fields.owner.phone')}>{String(data.owner?.phone ?? '')}</Descriptions.Item>
            </Descriptions>
            <Tabs
              style={{ marginTop: 16 }}
              items={[
                {
                  key: 'houses',
                  label: count('houses', data.houses),
                  children: table(data.houses as unknown as Row[], [
                    { title: t('community.houses'), render: (r) => String(r.label) },
                  ]),
                },
                {
                  key: 'family',
                  label: count('families', data.family),
                  children: table(data.family, [
                    { title: t('community.name'), render: (r) => String(r.name ?? '') },
                    { title: t('community.phone'), render: (r) => String(r.phone ?? '') },
                    { title: t('community.familyHouse'), render: (r) => String(r.houseName ?? '') },
                  ]),
                },
                {
                  key: 'cars',
                  label: count('cars', data.cars),
                  children: table(data.cars, [
                    { title: t('community.carNumber'), render: plateOf },
                    { title: t('community.familyHouse'), render: (r) => String(r.houseName ?? '') },
                  ]),
                },
              ]}
            />
          </>
        )}
      </Spin>
      {dialog === 'family' && data && (
        <FamilyDialog ownerId={ownerId} houses={data.houses} onClose={() => setDialog(undefined)} onSaved={reload} />
      )}
      {dialog === 'car' && data && (
        <CarDialog ownerId={ownerId} houses={data.houses} onClose={() => setDialog(undefined)} onSaved={reload} />
      )}
    </Drawer>
  );
}
