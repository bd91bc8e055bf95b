import { okResponseSchema } from '@dak/domain/api-responses';
import { type ShopBanner, type ShopBanners, shopBannersSchema } from '@dak/domain/banners';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withDates } from '../../../lib/api-dates';
import { ApiError } from '../../../lib/api-error';
import { authHeaders } from '../../../lib/auth-storage';
import type { Language } from '../../../lib/i18n';

export const liveBannersKey = (shopId: string) => ['banners', shopId] as const;

/** GET /shops/:shopId/banners: the header banner, the popups not yet shown to me, what's new. */
export function liveBannersOptions(shopId: string) {
  return queryOptions({
    queryKey: liveBannersKey(shopId),
    queryFn: ({ signal }): Promise<ShopBanners> =>
      apiRequest(`/shops/${encodeURIComponent(shopId)}/banners`, {
        schema: withDates(shopBannersSchema),
        signal,
      }),
    // Campaigns change a few times a week: five minutes, like a shop's configs.
    staleTime: 5 * 60_000,
  });
}

export function useLiveBanners(shopId: string) {
  return useQuery(liveBannersOptions(shopId));
}

/** POST /shops/:shopId/banners/:id/seen: the popup was shown; the server keeps it for every device. */
export function useMarkPopupSeen(shopId: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/shops/${encodeURIComponent(shopId)}/banners/${encodeURIComponent(id)}/seen`, {
        method: 'POST',
        schema: okResponseSchema,
      }),
  });
}

/**
 * A banner's image: an <img> cannot send the Bearer header, so it is fetched here and shown
 * through an object URL. `path` is the banner's imageUrl as the API gave it.
 */
export function useBannerImage(path: string | null) {
  return useQuery({
    queryKey: ['banner-image', path] as const,
    enabled: path !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const response = await fetch(String(path), { headers: authHeaders(), signal });
      if (!response.ok) {
        throw new ApiError({ status: response.status, code: 'NOT_FOUND', message: 'Image not found' });
      }
      return response.blob();
    },
  });
}

/** The banner's text in the panel's language. */
export function bannerText(banner: ShopBanner, language: Language) {
  return language === 'bn'
    ? { title: banner.titleBn, body: banner.bodyBn }
    : { title: banner.titleEn, body: banner.bodyEn };
}
