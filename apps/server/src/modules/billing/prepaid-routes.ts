import { Nullable, prepaidAccountEntity, prepaidLedgerEntity, recordOf, TopUpResult } from '@property/domain';
import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../platform/crud/routes';
import { data } from '../../platform/http/envelope';
import { forbidden } from '../../platform/http/errors';
import { get, idText, params, post } from '../../platform/http/operation';
import { contextOf } from '../../platform/http/request-context';
import type { Services } from '../../platform/services';
import { paramsOf } from './bill-routes';
import { accountOfHouse, prepaidAccounts, topUp } from './prepaid';

/** Pre-paid accounts (预存款): the accounts, their ledger, top-ups and the cashier's look-up. */
export function registerPrepaidRoutes(app: FastifyInstance, services: Services): void {
  registerCrudRoutes(app, services, prepaidAccountEntity, prepaidAccounts);
  // The ledger is read only (its definition's routes): rows are written by the moves themselves.
  registerCrudRoutes(app, services, prepaidLedgerEntity);

  const base = `/api${prepaidAccountEntity.base}`;
  const tags = [prepaidAccountEntity.label.en];
  const topUpParams = params(
    {
      prepaidAccountId: idText('the account'),
      amount: { type: ['string', 'number'], description: 'above 0, two decimals at most' },
      payType: { type: ['string', 'integer'], description: 'how it was paid in (pay_type): 1 cash, 2 card, 3 transfer' },
      clientKey: {
        type: 'string',
        pattern: '^[A-Za-z0-9_-]{1,64}$',
        description: 'the cashier’s key of this top-up: the same key again adds nothing and answers the first',
      },
      remark: { type: ['string', 'null'], maxLength: 500 },
    },
    ['prepaidAccountId'],
  );
  app.post(
    `${base}/top-up`,
    post({
      tags,
      summary: 'Top up an owner’s pre-paid account',
      description:
        'Adds the amount to the balance and writes its ledger row, numbered in the garden’s top-up receipt book (<garden code>-YC<year>-<000001>). The account is locked: top-ups and payments by balance on one account queue. Right after it commits, the owner’s waiting bills of auto-deduct items (autoDeduct) in the garden are paid from the balance, oldest first, each by its own order (pay type 5), stopping at the first the balance cannot cover; `deducted` counts them and `account` is the balance after them. Needs prepaidaccount_topup.',
      query: topUpParams,
      body: topUpParams,
      form: true,
      bodyOptional: true,
      data: TopUpResult,
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      ctx.requireCode('prepaidaccount_topup');
      const p = paramsOf(req);
      return data(
        await topUp(ctx, {
          prepaidAccountId: p.prepaidAccountId,
          amount: p.amount,
          payType: p.payType,
          clientKey: p.clientKey,
          remark: p.remark,
        }),
      );
    },
  );
  app.get(
    `${base}/of-house`,
    get({
      tags,
      summary: 'The pre-paid account a house’s bills are paid from',
      description:
        'The account of the house’s billed owner (its first ownership) in the house’s garden, or null when none is open. Needs the prepaidaccount menu or the paymentbill_pay button (the cashier).',
      query: params({ houseId: idText('the house') }, ['houseId']),
      data: Nullable(recordOf(prepaidAccountEntity)),
    }),
    async (req) => {
      const ctx = await contextOf(services, req);
      const cashier = ctx.grants.codes.includes('paymentbill_pay');
      if (!cashier && !ctx.services.access.can(ctx.grants, prepaidAccountEntity.permission, 'view')) throw forbidden();
      return data(await accountOfHouse(ctx, (req.query as Record<string, unknown>).houseId));
    },
  );
}
