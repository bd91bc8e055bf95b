import {
  customerFlagSchema,
  customerListQuerySchema,
  customerListSchema,
  customerLookupSchema,
  customerSchema,
  customerUpdateSchema,
  phoneQuerySchema,
  successRateSchema,
} from '@dak/domain/customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../../lib/routes';
import { shopParams } from '../../lib/schemas';
import { type Guards, shopOf, userOf } from '../../plugins/auth';
import type { CustomersService } from './customers.service';

const customerParams = shopParams.extend({ customerId: z.uuid({ error: 'Customer not found' }) });

/** A shop's customers: the address book, a phone's delivery record, and flags. */
export function customersRoutes(deps: { customers: CustomersService; guards: Guards }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { customers, guards } = deps;
    const route = routeOptions({ tags: ['customers'], guards });

    r.get(
      '/shops/:shopId/customers',
      route.shop('parcel.view', {
        summary: "The shop's address book, most recently booked first; q finds a phone or part of a name",
        querystring: customerListQuerySchema,
        response: { 200: customerListSchema },
      }),
      (request) => customers.list(shopOf(request).shopId, request.query),
    );

    /** A look-up by `?phone=` for the booking form, answering `response`. */
    const byPhone = <R extends z.ZodType>(summary: string, response: R, description?: string) =>
      route.shop('parcel.create', {
        summary,
        description,
        querystring: phoneQuerySchema,
        response: { 200: response },
      });

    r.get(
      '/shops/:shopId/customers/by-phone',
      byPhone(
        'The shop’s customer with this phone (any spelling), to fill the booking form; null if none',
        customerLookupSchema,
      ),
      (request) => customers.byPhone(shopOf(request).shopId, request.query.phone),
    );

    r.get(
      '/shops/:shopId/customers/success-rate',
      byPhone(
        'How often parcels to this phone were delivered, across the platform (counts only)',
        successRateSchema,
        'warn is true when at least 3 parcels to the phone finished (delivered or returned) and fewer ' +
          'than 70% of them were delivered. Flags: this shop’s own flag and reason, and how many shops ' +
          'flagged the phone (never which).',
      ),
      (request) => customers.successRate(shopOf(request).shopId, request.query.phone),
    );

    r.put(
      '/shops/:shopId/customers/flag',
      route.shop('parcel.edit', {
        summary: 'Flag a customer phone for this shop (again replaces the reason); answers the success rate',
        body: customerFlagSchema,
        response: { 200: successRateSchema },
      }),
      (request) =>
        customers.flag({
          shopId: shopOf(request).shopId,
          userId: userOf(request).userId,
          phone: request.body.phone,
          reason: request.body.reason,
        }),
    );

    r.put(
      '/shops/:shopId/customers/:customerId',
      route.shop('parcel.edit', {
        summary: 'Edit a saved customer: name, address, delivery area, alternate phone (null clears it)',
        params: customerParams,
        body: customerUpdateSchema,
        response: { 200: customerSchema },
      }),
      (request) => customers.update(shopOf(request).shopId, request.params.customerId, request.body),
    );
  };
}
