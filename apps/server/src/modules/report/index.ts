import { recordOf, REPORT_KIND, reportEntity } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { CrudService } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { validateBody } from '../../platform/crud/validate';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { requireView } from '../billing/bill-routes';
import { billStatistics } from '../billing/statistics';
import { gardenRow } from '../community/hierarchy';
import { isSet } from '../facility/lookups';

type Query = Record<string, unknown>;
const MONTH = '\\d{4}-(0[1-9]|1[0-2])';
const PERIODS = new RegExp(`^(${MONTH}),(${MONTH})$`);

const reports = new CrudService(reportEntity);

const submitBody = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 100, description: 'what the report is called; required: "reportNameRequired"' },
    remark: { type: ['string', 'null'], maxLength: 500 },
    kind: { type: 'string', enum: Object.values(REPORT_KIND), description: 'what is saved; default billStatistics' },
    gardenId: {
      type: ['string', 'null'],
      pattern: '^(\\d{1,19})?$',
      description: 'one garden; none: every garden of the caller',
    },
    billBetweenTime: {
      type: 'string',
      description: 'the periods "yyyy-MM,yyyy-MM" (the first not after the second), as the statistics call takes them',
    },
  },
  required: ['name', 'billBetweenTime'],
};

/**
 * The report list (spec §7.9 /blade-report/report/rest): list, detail and remove of saved reports under the
 * `report` menu, and submit, which saves the charge statistics of a garden and periods as they are now. The
 * server computes the figures itself (never the client's copy), with the caller's gardens and data scope, so
 * a report holds what 收费统计 showed that person at that moment; nothing changes them afterwards.
 */
export function registerReportModule(app: FastifyInstance, services: Services): void {
  registerCrudRoutes(app, services, reportEntity, reports);
  app.post(
    `/api${reportEntity.base}/submit`,
    post({
      tags: [reportEntity.label.en],
      summary: 'Save the charge statistics of a garden and periods as a report',
      description:
        'Computes paymentbill/statistics for gardenId and billBetweenTime (the caller’s gardens and data scope) and keeps the figures with the name, kind, garden (and its name), periods, who and when. Needs what the statistics call needs (the billstatistics or paymentbill menu); garden-bound staff name one of their gardens. Answers the saved report.',
      body: submitBody,
      data: recordOf(reportEntity),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      requireView(ctx, ['billstatistics']);
      const body = (req.body ?? {}) as Query;
      const values = validateBody(reportEntity, { name: body.name, remark: body.remark }, true);
      const periods = PERIODS.exec(String(body.billBetweenTime ?? '').trim());
      if (!periods || periods[1]! > periods[3]!) throw badRequest('reportPeriodRequired');
      const gardenId = isSet(body.gardenId) ? String(body.gardenId) : null;
      ctx.requireGarden?.(gardenId);
      const garden = gardenId ? await gardenRow(ctx, gardenId) : undefined;
      const figures = await billStatistics(ctx, {
        ...(gardenId ? { gardenId } : {}),
        billBetweenTime: `${periods[1]},${periods[3]}`,
      });
      const saved = await reports.insert(ctx, {
        ...values,
        kind: REPORT_KIND.billStatistics,
        garden_id: gardenId,
        garden_name: garden ? (garden.garden_name as string) : null,
        period_start: periods[1],
        period_end: periods[3],
        figures: JSON.stringify(figures),
        create_user_name: ctx.auth.userName || ctx.auth.account,
      });
      return data((await reports.detail(ctx, { id: String(saved.id) }))!);
    },
  );
}
