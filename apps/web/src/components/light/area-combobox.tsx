import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n';
import { staleTimes } from '../../lib/query-client';
import { useDebounced } from '../ui/use-debounced';
import { type AreaChoice, areaLabel, searchAreas } from './area-search';
import './light.css';

type AreaComboboxProps = {
  id: string;
  /** The chosen area; its name shows in the field while nothing is being typed. */
  value: AreaChoice | null;
  onChange: (area: AreaChoice) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** Ids of the hint and message under the field. */
  describedBy?: string;
};

/**
 * The delivery-area picker without antd (issue 16): type a few letters, pick "Area, District"
 * from the list with the arrow keys and Enter, or a tap. An ARIA 1.2 combobox (an input that
 * owns a listbox): the list opens while typing, Escape closes it and puts the chosen area back.
 */
export function AreaCombobox({ id, value, onChange, onBlur, invalid, describedBy }: AreaComboboxProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const listId = useId();
  // What is typed; null while the field shows the chosen area's name.
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced((text ?? '').trim(), 300);

  const search = useQuery({
    queryKey: ['areas', 'search', q],
    queryFn: ({ signal }) => searchAreas(q, signal),
    enabled: q.length > 0,
    staleTime: staleTimes.referenceData,
  });
  const hits = q.length > 0 && text !== null ? (search.data?.items ?? []) : [];
  const shown = open && text !== null;

  const choose = (area: AreaChoice) => {
    onChange(area);
    setText(null);
    setOpen(false);
    setActive(-1);
  };
  const close = () => {
    setText(null);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        setText(text ?? '');
        setOpen(true);
        return;
      }
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + hits.length) % hits.length);
    } else if (event.key === 'Enter' && shown) {
      // Enter picks the highlighted area (or the only one); it does not submit the form.
      const area = hits[active] ?? (hits.length === 1 ? hits[0] : undefined);
      if (area) {
        event.preventDefault();
        choose(area);
      }
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      close();
    }
  };

  const status =
    q.length === 0
      ? t('areaSelect.typeToSearch')
      : search.isFetching && hits.length === 0
        ? t('app.loading')
        : search.isError
          ? t('errors.generic')
          : hits.length === 0
            ? t('areaSelect.noMatch')
            : null;
  const activeId = shown && hits[active] ? `${listId}-${active}` : undefined;

  return (
    <div className="light-combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        className="plain-input light-combobox__input"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={t('areaSelect.placeholder')}
        value={text ?? (value ? areaLabel(value, language) : '')}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={(event) => event.target.select()}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
      />
      <div className="light-combobox__popup" hidden={!shown}>
        <div id={listId} role="listbox" className="light-combobox__list">
          {hits.map((area, index) => (
            <div
              key={area.id}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`light-combobox__option${index === active ? ' light-combobox__option--active' : ''}`}
              // Keeps the focus in the input, so its blur does not close the list before the pick.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(area)}
              onKeyDown={() => {}}
            >
              {areaLabel(area, language)}
            </div>
          ))}
        </div>
        {status ? (
          <div className="light-combobox__status" role="status">
            {status}
          </div>
        ) : null}
      </div>
    </div>
  );
}
