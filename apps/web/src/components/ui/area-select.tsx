import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n';
import { staleTimes } from '../../lib/query-client';
import { type AreaChoice, areaLabel, searchAreas } from '../light/area-search';
import { useDebounced } from './use-debounced';

export { type AreaChoice, areaLabel } from '../light/area-search';

type AreaSelectProps = {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The saved area, so its name shows before anything is searched. */
  initial?: AreaChoice | null;
  /** The whole area once picked (e.g. to suggest a delivery zone). */
  onPick?: (area: AreaChoice) => void;
  disabled?: boolean;
  size?: 'middle' | 'large';
};

/**
 * The delivery-area picker shared by the shop, shop settings and pickup forms: type a few letters,
 * pick "Area, District". It is a reference-data call of its own, so it lives with the UI parts
 * rather than in one feature (features do not import each other).
 */
export function AreaSelect({ id, value, onChange, initial, onPick, disabled, size }: AreaSelectProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const [picked, setPicked] = useState<AreaChoice | null>(initial ?? null);

  useEffect(() => {
    if (initial) setPicked((current) => current ?? initial);
  }, [initial]);

  const search = useQuery({
    queryKey: ['areas', 'search', q],
    queryFn: ({ signal }) => searchAreas(q, signal),
    enabled: q.length > 0,
    staleTime: staleTimes.referenceData,
  });

  const hits = useMemo(() => search.data?.items ?? [], [search.data]);
  const options = useMemo(() => {
    const list: AreaChoice[] = [...hits];
    // The chosen area stays an option, so the field keeps showing its name.
    if (picked && picked.id === value && !list.some((area) => area.id === picked.id)) list.unshift(picked);
    return list.map((area) => ({ value: area.id, label: areaLabel(area, language) }));
  }, [hits, picked, value, language]);

  return (
    <Select<string>
      id={id}
      value={value}
      size={size}
      disabled={disabled}
      placeholder={t('areaSelect.placeholder')}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={search.isFetching}
      options={options}
      notFoundContent={
        q.length === 0
          ? t('areaSelect.typeToSearch')
          : search.isFetching
            ? t('app.loading')
            : search.isError
              ? t('errors.generic')
              : t('areaSelect.noMatch')
      }
      onChange={(next) => {
        const area = hits.find((hit) => hit.id === next) ?? (picked?.id === next ? picked : null);
        if (area) {
          setPicked(area);
          onPick?.(area);
        }
        onChange?.(next);
      }}
      className="full-width"
    />
  );
}
