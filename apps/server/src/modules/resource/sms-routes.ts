import { ReminderResult, SMS_CATEGORY, smsEntity, smsUseEntity, translate, VALIDATORS, type Locale } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CrudService, toJson, type CrudContext, type Row } from '../../platform/crud/engine';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data } from '../../platform/http/envelope';
import { badRequest } from '../../platform/http/errors';
import { localeOfRequest } from '../../platform/http/locale';
import { params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { paramsOf } from '../billing/bill-routes';
import { enabledSmsConfig, sendAndRecord, type SmsConfigRef, type SmsProvider } from '../billing/sms';
import { checkCategory, registerEnableRoutes } from './configs';

/** Most phones one send-message call takes (a campaign is not what this call is for). */
export const MAX_PHONES = 100;
/** Longest template parameters, as JSON. */
const MAX_PARAMS_LENGTH = 2000;

/** The phones of a call: separated by commas (either width), semicolons or spaces; each a mobile; repeats once. */
export function phonesOf(raw: unknown): string[] {
  const phones = [
    ...new Set(
      String(raw ?? '')
        .split(/[,，;；\s]+/)
        .filter(Boolean),
    ),
  ];
  if (phones.length === 0) throw badRequest('smsPhonesRequired');
  if (phones.length > MAX_PHONES) throw badRequest('smsTooManyPhones', { max: MAX_PHONES });
  for (const phone of phones) if (VALIDATORS.mobile(phone)) throw badRequest('smsPhoneInvalid', { phone });
  return phones;
}

/** The template's variables: a JSON object (as text, or an object in a JSON body) of texts and numbers; none is {}. */
export function templateParamsOf(raw: unknown): Record<string, string | number> {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_PARAMS_LENGTH) throw badRequest('smsParamsInvalid');
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('smsParamsInvalid');
    }
  }
  const plain = typeof value === 'object' && value !== null && !Array.isArray(value);
  const entries = plain ? Object.entries(value as Record<string, unknown>) : [];
  const fits = entries.every(
    ([k, v]) => k.length <= 50 && (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))),
  );
  if (!plain || !fits || JSON.stringify(value).length > MAX_PARAMS_LENGTH) throw badRequest('smsParamsInvalid');
  return value as Record<string, string | number>;
}

/** The configuration a message goes out under: the one with this code, or the enabled one when no code is given. */
async function configOf(ctx: CrudContext, code: unknown): Promise<SmsConfigRef> {
  if (code === undefined || code === null || String(code).trim() === '') {
    const enabled = await enabledSmsConfig(ctx.db, ctx.auth.tenantId);
    if (!enabled) throw badRequest('smsNoEnabledConfig');
    return enabled;
  }
  const rows = await sql<SmsConfigRef>`select id, category, sms_code, template_id, sign_name from blade_sms
    where tenant_id = ${ctx.auth.tenantId} and sms_code = ${String(code).trim()} and is_deleted = 0`.execute(ctx.db);
  if (!rows.rows[0]) throw badRequest('smsConfigMissing', { code: String(code).trim() });
  return rows.rows[0];
}

/**
 * Sends the configuration's template with these variables to each phone through the provider, recording
 * each message in smsuse with the configuration and template: all or none (one transaction).
 */
export async function sendMessage(
  ctx: CrudContext,
  provider: SmsProvider,
  locale: Locale,
  input: { code?: unknown; phones?: unknown; params?: unknown },
): Promise<{ provider: string; records: Row[] }> {
  const phones = phonesOf(input.phones);
  const variables = templateParamsOf(input.params);
  return ctx.db.transaction().execute(async (db) => {
    const tx = { ...ctx, db };
    const config = await configOf(tx, input.code);
    const content = translate(locale, 'smsTemplateMessage', {
      sign: config.sign_name ?? '',
      template: config.template_id,
      params: JSON.stringify(variables),
    });
    const records: Row[] = [];
    for (const phone of phones) {
      records.push(toJson(smsUseEntity, await sendAndRecord(tx, provider, { phone, content, config, params: variables })));
    }
    return { provider: provider.name, records };
  });
}

/**
 * 短信配置 (spec §7.9 sms): the generic calls, `enable` and `disable` (at most one enabled per tenant: the
 * one reminders name), and `endpoint/send-message`.
 */
export function registerSmsRoutes(app: FastifyInstance, services: Services, provider: SmsProvider): void {
  const service = new CrudService(smsEntity, {
    beforeSave(_ctx, values) {
      checkCategory(values, Object.values(SMS_CATEGORY), 'smsCategoryRequired');
    },
  });
  registerCrudRoutes(app, services, smsEntity, service);
  registerEnableRoutes(app, services, smsEntity, service, {
    enable: [
      'Make a configuration the tenant’s SMS configuration',
      'Enables it and disables every other one of the tenant, in one transaction. Bill reminders then name it (smsuse records its code and template).',
    ],
    disable: ['Disable a configuration', 'Reminders then name no configuration.'],
  });

  const sendParams = params(
    {
      code: { type: 'string', maxLength: 50, description: 'the configuration’s code (smsCode); the enabled one when left out' },
      phones: { type: 'string', description: `mobile numbers separated by commas, at most ${MAX_PHONES}` },
      params: {
        type: 'string',
        maxLength: MAX_PARAMS_LENGTH,
        description: 'the template’s variables as a JSON object of texts and numbers, e.g. {"code":"1234"}',
      },
    },
    // phones is required, but may come in the body: refused by the handler with its own message.
    [],
  );
  app.post(
    `/api${smsEntity.base}/endpoint/send-message`,
    post({
      tags: [smsEntity.label.en],
      summary: 'Send a configuration’s template to phones (recorded, not sent)',
      description:
        'Each phone gets the template of the configuration named by `code` with `params` filled in, through the product’s SMS provider. ' +
        'The only provider, `record`, sends nothing (no SMS gateway can be reached): it records each message in smsuse (sendStatus 1, recorded, not sent) ' +
        'with the configuration’s id, code and template, and in the server log; the answer lists those records. All phones or none. ' +
        'The parameters may travel in a form or JSON body instead (`params` then also as an object). Needs the `sms_edit` button.',
      query: sendParams,
      body: {
        type: 'object',
        properties: {
          code: { type: 'string', maxLength: 50 },
          phones: { type: 'string' },
          params: { type: ['string', 'object'], description: 'as the query’s, or the object itself' },
        },
      },
      form: true,
      bodyOptional: true,
      data: ReminderResult,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('sms_edit');
      return data(await sendMessage(ctx, provider, localeOfRequest(req), paramsOf(req)));
    },
  );
}
