import { entity, json, text } from '../../define';
import { gardenRef } from '../references';

/** What a saved report holds (dictionary report_kind): the charge statistics of 收费统计 for now. */
export const REPORT_KIND = { billStatistics: 'billStatistics' } as const;

/**
 * A saved report (报表列表): figures a person chose to keep, as a screen
 * showed them when they were saved — their kind, the period and garden they
 * cover (the garden's name as it was), the figures themselves (JSON, the
 * answer of the statistics call) and who saved them when. The figures never
 * change afterwards: bills paid or refunded later leave a report as it was.
 * Saved only through report/rest/submit, which computes the figures itself;
 * listed, opened and removed under the `report` menu.
 */
export const reportEntity = entity({
  name: 'report',
  table: 'property_report',
  base: '/blade-report/report/rest',
  owner: 'tenant',
  permission: 'report',
  fields: {
    name: text({ required: 'reportNameRequired', maxLength: 100, search: 'like' }),
    kind: text({ readOnly: true, dict: 'report_kind', maxLength: 30, search: 'equal' }),
    gardenId: gardenRef({ readOnly: true, search: 'equal' }),
    gardenName: text({ readOnly: true, maxLength: 100 }),
    periodStart: text({ readOnly: true, maxLength: 7 }),
    periodEnd: text({ readOnly: true, maxLength: 7 }),
    figures: json({ readOnly: true }),
    createUserName: text({ readOnly: true, maxLength: 50 }),
    remark: text({ maxLength: 500 }),
  },
  routes: ['list', 'detail', 'remove'],
  sort: { descs: ['createTime'] },
});
