import { addressPredictionSchema } from '@dak/domain/address-prediction';
import { areaListSchema, districtListSchema } from '@dak/domain/geo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/query-client';

/** POST /areas/predict: the delivery area a typed address names, with a confidence. */
export function predictArea(address: string, signal?: AbortSignal) {
  return apiRequest('/areas/predict', {
    method: 'POST',
    body: { address },
    schema: addressPredictionSchema,
    auth: false,
    signal,
  });
}

/** GET /areas?districtId= and GET /districts: the names of the predicted area (reference data). */
function areaWithDistrict(districtId: string, areaId: string, signal?: AbortSignal) {
  return Promise.all([
    apiRequest(`/areas?${new URLSearchParams({ districtId }).toString()}`, {
      schema: areaListSchema,
      auth: false,
      signal,
    }),
    apiRequest('/districts', { schema: districtListSchema, auth: false, signal }),
  ]).then(([areas, districts]) => {
    const area = areas.items.find((item) => item.id === areaId);
    const district = districts.items.find((item) => item.id === districtId);
    if (!area || !district) return null;
    return {
      id: area.id,
      nameEn: area.nameEn,
      nameBn: area.nameBn,
      districtNameEn: district.nameEn,
      districtNameBn: district.nameBn,
    };
  });
}

export function predictAreaQueryOptions(address: string) {
  return queryOptions({
    queryKey: ['areas', 'predict', address] as const,
    queryFn: async ({ signal }) => {
      const prediction = await predictArea(address, signal);
      if (!prediction.areaId || !prediction.districtId) return null;
      const area = await areaWithDistrict(prediction.districtId, prediction.areaId, signal);
      return area ? { ...area, confidence: prediction.confidence } : null;
    },
    staleTime: staleTimes.referenceData,
  });
}

/** The suggested delivery area of an address (already debounced by the caller); null if none. */
export function usePredictedArea(address: string) {
  return useQuery({ ...predictAreaQueryOptions(address), enabled: address.length >= 5 });
}
