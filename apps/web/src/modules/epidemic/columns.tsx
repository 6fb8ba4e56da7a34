import type { ProColumns } from '@ant-design/pro-components';
import { ABNORMAL, type EntityDef } from '@property/domain';
import { Tag } from 'antd';
import type { Translate } from '../../app/i18n';
import type { Row } from '../../crud/columns';

/** The temperature fields of the epidemic entities: measured with one decimal (36.5), not as amounts (36.50). */
const TEMPERATURE_FIELDS = ['temperature', 'temperatureLimit'];

/**
 * Column changes every epidemic list shares: temperatures typed and shown with one decimal, and the abnormal
 * mark as a red 异常 tag (the dictionary's 正常 otherwise), so an abnormal row stands out in a long list.
 */
export function epidemicColumns(entity: EntityDef, t: Translate): Record<string, Partial<ProColumns<Row>>> {
  const overrides: Record<string, Partial<ProColumns<Row>>> = {};
  for (const key of TEMPERATURE_FIELDS) {
    if (!entity.fields[key]) continue;
    overrides[key] = {
      valueType: 'digit',
      fieldProps: { precision: 1, step: 0.1, style: { width: '100%' } },
    };
  }
  if (entity.fields.abnormal) {
    overrides.abnormal = {
      render: (dom, row) =>
        Number(row.abnormal) === ABNORMAL.abnormal ? (
          <Tag color="error" data-abnormal="1">
            {t('epidemic.abnormal')}
          </Tag>
        ) : (
          dom
        ),
    };
  }
  return overrides;
}
