import { parcelCategoryListSchema } from '@dak/domain/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/query-client';

/** GET /parcel-categories: categories and their variants (reference data). */
export function listParcelCategories(signal?: AbortSignal) {
  return apiRequest('/parcel-categories', { schema: parcelCategoryListSchema, auth: false, signal });
}

export const parcelCategoriesQueryOptions = queryOptions({
  queryKey: ['parcel-categories'] as const,
  queryFn: ({ signal }) => listParcelCategories(signal),
  staleTime: staleTimes.referenceData,
});

export function useParcelCategories() {
  return useQuery(parcelCategoriesQueryOptions);
}
