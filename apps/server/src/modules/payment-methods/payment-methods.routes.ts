import {
  bankIdSchema,
  bankListSchema,
  branchIdSchema,
  branchListSchema,
  branchPatchSchema,
  branchQuerySchema,
  opsBranchListSchema,
  opsBranchQuerySchema,
  opsBranchSchema,
} from '@dak/domain/banks';
import {
  paymentMethodOtpSentSchema,
  paymentMethodResponseSchema,
  paymentMethodUpdateSchema,
  paymentMethodViewSchema,
} from '@dak/domain/payment-methods';
import { roomRoles } from '@dak/domain/staff-rooms';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { secured } from '../../lib/routes';
import { noBody } from '../../lib/schemas';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { BanksService } from './banks.service';
import type { PaymentMethodsService } from './payment-methods.service';

const shopParams = z.object({ shopId: z.string() });

/** The bank list changes a few times a year: browsers may keep it for an hour (spec 9: 1 h cache). */
const cacheable = <T>(reply: FastifyReply, body: T): T => {
  reply.header('cache-control', 'public, max-age=3600');
  return body;
};

/** Banks and branches (public pickers and the staff's switches) and a shop's payment method. */
export function paymentMethodsRoutes(deps: {
  banks: BanksService;
  paymentMethods: PaymentMethodsService;
  guards: Guards;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { banks, paymentMethods, guards } = deps;
    // Before the first request: numbers stored plain (before issue 11) or under an old key are
    // brought to the current key; an unknown key stops the start with a message naming it.
    app.addHook('onReady', async () => {
      const { rewritten, unreadable } = await paymentMethods.encryptStored();
      if (rewritten > 0) app.log.info({ rewritten }, 'account numbers encrypted with the current key');
      if (unreadable.length > 0) app.log.error({ unreadable }, 'stored account numbers fail authentication');
    });

    r.get(
      '/banks',
      {
        schema: {
          tags: ['banks'],
          summary: 'Scheduled banks of Bangladesh',
          querystring: z.object({}),
          response: { 200: bankListSchema },
        },
      },
      async (_request, reply) => cacheable(reply, await banks.listBanks()),
    );
    r.get(
      '/banks/:bankId/branches',
      {
        schema: {
          tags: ['banks'],
          summary: "A bank's active branches, by district and name or routing number",
          params: z.object({ bankId: bankIdSchema }),
          querystring: branchQuerySchema,
          response: { 200: branchListSchema },
        },
      },
      async (request, reply) =>
        cacheable(reply, await banks.listActiveBranches({ bankId: request.params.bankId, ...request.query })),
    );

    r.get(
      '/shops/:shopId/payment-method',
      {
        ...guards.shop('payment.view'),
        schema: {
          tags: ['payment methods'],
          summary: "The shop's payment method (account number masked) and its change history",
          ...secured,
          params: shopParams,
          response: { 200: paymentMethodResponseSchema },
        },
      },
      (request) => paymentMethods.get(shopOf(request).shopId),
    );
    r.post(
      '/shops/:shopId/payment-method/otp',
      {
        ...guards.shop('payment.manage'),
        schema: {
          tags: ['payment methods'],
          summary: "Send the code that allows a payment method change to the shop owner's phone",
          ...secured,
          params: shopParams,
          body: noBody,
          response: { 200: paymentMethodOtpSentSchema },
        },
      },
      (request) => paymentMethods.requestOtp({ shopId: shopOf(request).shopId, ip: request.ip }),
    );
    r.put(
      '/shops/:shopId/payment-method',
      {
        ...guards.shop('payment.manage'),
        schema: {
          tags: ['payment methods'],
          summary: 'Set or change the payment method (bank account or bKash), with the owner’s code',
          ...secured,
          params: shopParams,
          body: paymentMethodUpdateSchema,
          response: { 200: paymentMethodViewSchema },
        },
      },
      (request) => {
        const { code, ...method } = request.body;
        return paymentMethods.update({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          method,
          code,
          ip: request.ip,
        });
      },
    );

    const bankStaff = guards.staff(roomRoles.banks);
    r.get(
      '/ops/banks/:bankId/branches',
      {
        preValidation: bankStaff,
        schema: {
          tags: ['ops'],
          summary: "All of a bank's branches, active or not",
          ...secured,
          params: z.object({ bankId: bankIdSchema }),
          querystring: opsBranchQuerySchema,
          response: { 200: opsBranchListSchema },
        },
      },
      (request) => banks.listAllBranches({ bankId: request.params.bankId, ...request.query }),
    );
    r.patch(
      '/ops/branches/:branchId',
      {
        preValidation: bankStaff,
        schema: {
          tags: ['ops'],
          summary: 'Switch a branch on or off (inactive branches are not offered to merchants)',
          ...secured,
          params: z.object({ branchId: branchIdSchema }),
          body: branchPatchSchema,
          response: { 200: opsBranchSchema },
        },
      },
      (request) => banks.setBranchActive(request.params.branchId, request.body.active),
    );
  };
}
