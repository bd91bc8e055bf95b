import { useRef } from 'react';
import { CloseIcon, SearchIcon } from './icons';
import './list.css';

/**
 * A search box in antd's Input look: a magnifier in front, a clear button once there is text
 * (it gives the focus back to the box). The name is `label`, the hint `placeholder`.
 */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
  clearLabel,
  className,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  placeholder?: string;
  clearLabel: string;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <span className={className ? `light-search ${className}` : 'light-search'}>
      <SearchIcon className="light-search__icon" />
      <input
        ref={input}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label}
        placeholder={placeholder}
        className="light-search__input"
      />
      {value ? (
        <button
          type="button"
          className="light-search__clear"
          aria-label={clearLabel}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <CloseIcon />
        </button>
      ) : null}
    </span>
  );
}
