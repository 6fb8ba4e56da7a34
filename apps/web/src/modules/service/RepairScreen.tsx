import { repairEntity } from '@property/domain';
import { Button, Space, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../app/i18n';
import { useGarden } from '../../app/garden';
import type { Row } from '../../crud/columns';
import { CrudPage } from '../../crud/CrudPage';
import { PhotosInput } from './PhotosInput';
import { RepairDrawer } from './RepairDrawer';

/**
 * 报修管理: the requests of the header garden, each with its state and an
 * 已超时 tag when past its deadline; 详情 opens the request with its photos,
 * log and the steps its state allows (派单, 接单/拒单, 开始维修, 完成, 关闭).
 */
export default function RepairScreen() {
  const { t } = useTranslation();
  const { gardenId } = useGarden();
  const scope = useMemo(() => (gardenId ? { gardenId } : undefined), [gardenId]);
  const [open, setOpen] = useState<string>();
  const reloadList = useRef<() => void>(undefined);
  const overrides = useMemo(
    () => ({
      images: { hideInTable: true, renderFormItem: () => <PhotosInput bucket="repair" /> },
      // What is broken is what the list is read for.
      content: { hideInTable: false, ellipsis: true },
      status: {
        render: (dom: unknown, row: Row) => (
          <Space size={4}>
            {dom as never}
            {row.overdue === true && <Tag color="error">{t('service.overdue')}</Tag>}
          </Space>
        ),
      },
    }),
    [t],
  );
  return (
    <>
      <CrudPage
        entity={repairEntity}
        fixedQuery={scope}
        addDefaults={gardenId ? { gardenId } : undefined}
        fieldOverrides={overrides}
        rowActions={(row, reload) => {
          reloadList.current = reload;
          return (
            <Button type="link" size="small" onClick={() => setOpen(String(row.id))}>
              {t('service.detail')}
            </Button>
          );
        }}
      />
      {open && <RepairDrawer id={open} onClose={() => setOpen(undefined)} onChanged={() => reloadList.current?.()} />}
    </>
  );
}
