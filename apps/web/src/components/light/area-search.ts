import { areaSearchResultSchema } from '@dak/domain/geo';
import { apiRequest } from '../../lib/api-client';
import type { Language } from '../../lib/i18n';

/** An area as pickers show it: "Mirpur 10, Dhaka" in English, "মিরপুর ১০, ঢাকা" in Bengali. */
export type AreaChoice = {
  id: string;
  nameEn: string;
  nameBn: string;
  districtNameEn: string;
  districtNameBn: string;
  zoneId?: string;
};

export function areaLabel(area: AreaChoice, language: Language): string {
  const [name, district] =
    language === 'bn' ? [area.nameBn, area.districtNameBn] : [area.nameEn, area.districtNameEn];
  // A saved area may come without its district's name (a customer's area): then the name alone.
  return district ? `${name}, ${district}` : name;
}

/**
 * GET /areas/search?q=: delivery areas by name, English or Bengali, typos tolerated. Without antd,
 * so the plain area picker (area-combobox.tsx) and antd's (ui/area-select.tsx) share it.
 */
export function searchAreas(q: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ q, limit: '20' });
  return apiRequest(`/areas/search?${query.toString()}`, {
    schema: areaSearchResultSchema,
    auth: false,
    signal,
  });
}
