import { type ShopSettings, shopDetailSchema } from '@dak/domain/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shopQueryKey } from './get-shop';
import { shopsQueryKey } from './list-shops';

/** PATCH /shops/:shopId: changes shop settings (the phones have their own calls, with a code). */
export function updateShop({ shopId, changes }: { shopId: string; changes: ShopSettings }) {
  return apiRequest(`/shops/${encodeURIComponent(shopId)}`, {
    method: 'PATCH',
    body: changes,
    schema: shopDetailSchema,
  });
}

export function useUpdateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShop,
    onSuccess: async (shop) => {
      queryClient.setQueryData(shopQueryKey(shop.id), shop);
      // The name shows in the shop switcher and My shops.
      await queryClient.invalidateQueries({ queryKey: shopsQueryKey });
    },
  });
}
