import { shopDetailSchema } from '@dak/domain/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shopQueryKey } from './get-shop';
import type { ShopPhoneKind } from './request-phone-otp';

/** PUT /shops/:shopId/phone or /return-phone: the new number with the code sent to it. */
export function changeShopPhone(input: { shopId: string; kind: ShopPhoneKind; phone: string; code: string }) {
  return apiRequest(`/shops/${encodeURIComponent(input.shopId)}/${input.kind}`, {
    method: 'PUT',
    body: { phone: input.phone, code: input.code },
    schema: shopDetailSchema,
  });
}

export function useChangeShopPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeShopPhone,
    onSuccess: (shop) => queryClient.setQueryData(shopQueryKey(shop.id), shop),
  });
}
