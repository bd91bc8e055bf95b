import { type ShopCreate, shopDetailSchema } from '@dak/domain/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shopQueryKey } from './get-shop';
import { shopsQueryKey } from './list-shops';

/** What the form sends: the schema's output with the merchant type left to the server's default. */
export type ShopCreateInput = Omit<ShopCreate, 'merchantType'> & Partial<Pick<ShopCreate, 'merchantType'>>;

/** POST /shops: opens a shop; the caller becomes its owner and it becomes the selected shop. */
export function createShop(input: ShopCreateInput) {
  return apiRequest('/shops', { method: 'POST', body: input, schema: shopDetailSchema });
}

export function useCreateShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShop,
    onSuccess: async (shop) => {
      queryClient.setQueryData(shopQueryKey(shop.id), shop);
      await queryClient.invalidateQueries({ queryKey: shopsQueryKey });
    },
  });
}
