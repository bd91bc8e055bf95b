import type { AreaRef, Lang } from '@dak/domain/public-site';
import { useEffect, useId, useRef, useState } from 'react';

export type PickedArea = AreaRef;

type Hit = PickedArea & { isCovered: boolean };

/** "Mirpur 10, Dhaka" in the page's language. */
export function areaLabel(area: PickedArea, lang: Lang): string {
  return lang === 'bn' ? `${area.nameBn}, ${area.districtNameBn}` : `${area.nameEn}, ${area.districtNameEn}`;
}

/**
 * A combobox over GET /api/v1/areas/search (English or Bengali, typos tolerated): type, then pick
 * with the arrow keys and Enter, or a tap. The chosen area's id is what the calculator sends.
 */
export function AreaPicker(props: {
  label: string;
  placeholder: string;
  lang: Lang;
  value: PickedArea | null;
  onChange: (area: PickedArea | null) => void;
  error?: string | undefined;
  name: string;
}) {
  const { lang, value, onChange } = props;
  const id = useId();
  const [text, setText] = useState(value ? areaLabel(value, lang) : '');
  const [hits, setHits] = useState<Hit[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const request = useRef(0);

  useEffect(() => {
    setText(value ? areaLabel(value, lang) : '');
  }, [value, lang]);

  function search(q: string) {
    const mine = ++request.current;
    if (q.trim().length < 2) {
      setHits([]);
      setOpen(false);
      return;
    }
    fetch(`/api/v1/areas/search?limit=8&q=${encodeURIComponent(q.trim())}`)
      .then((res) => (res.ok ? (res.json() as Promise<{ items: Hit[] }>) : { items: [] }))
      .then((body) => {
        if (mine !== request.current) return;
        setHits(body.items);
        setActive(body.items.length > 0 ? 0 : -1);
        setOpen(true);
      })
      .catch(() => undefined);
  }

  function choose(hit: Hit) {
    onChange(hit);
    setText(areaLabel(hit, lang));
    setOpen(false);
  }

  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  return (
    <div className="field combo">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        placeholder={props.placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (value) onChange(null);
          search(event.target.value);
        }}
        onKeyDown={(event) => {
          if (!open || hits.length === 0) return;
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setActive((i) => (i + 1) % hits.length);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((i) => (i - 1 + hits.length) % hits.length);
          } else if (event.key === 'Enter') {
            const hit = hits[active];
            if (hit) {
              event.preventDefault();
              choose(hit);
            }
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <div id={listId} role="listbox" className="combo__list" hidden={!open || hits.length === 0}>
        {hits.map((hit, i) => (
          <div
            key={hit.id}
            tabIndex={-1}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(hit);
            }}
          >
            {areaLabel(hit, lang)}
          </div>
        ))}
      </div>
      {props.error ? (
        <p className="field__error" id={errorId}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
