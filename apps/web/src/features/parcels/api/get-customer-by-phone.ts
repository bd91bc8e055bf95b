import { customerLookupSchema } from '@dak/domain/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';

/**
 * GET /shops/:shopId/customers/by-phone: the shop's saved customer with this phone, to fill the
 * booking form. Kept with parcels: the booking form is its one user (features do not import
 * each other), until an address-book feature needs it too.
 */
export function getCustomerByPhone(shopId: string, phone: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ phone });
  return apiRequest(`/shops/${encodeURIComponent(shopId)}/customers/by-phone?${query.toString()}`, {
    schema: withDates(customerLookupSchema),
    signal,
  });
}

export function customerByPhoneQueryOptions(shopId: string, phone: string) {
  return queryOptions({
    queryKey: ['customers', shopId, 'by-phone', phone] as const,
    queryFn: ({ signal }) => getCustomerByPhone(shopId, phone, signal),
  });
}

/** The saved customer of a valid phone (null phone: nothing asked). */
export function useCustomerByPhone(shopId: string, phone: string | null) {
  return useQuery({ ...customerByPhoneQueryOptions(shopId, phone ?? ''), enabled: phone !== null });
}
