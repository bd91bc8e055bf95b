import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import './list.css';

export type TabItem = { key: string; label: ReactNode };

/**
 * A row of tabs in antd's Tabs look (the chosen one green and underlined), scrolled sideways on a
 * phone. A tablist with one tab in the tab order: arrows, Home and End move the focus, Enter or
 * Space chooses (each choice loads a list, so moving alone does not).
 */
export function Tabs({
  items,
  activeKey,
  onChange,
  className,
  label,
}: {
  items: TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  className?: string;
  label?: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  // The chosen tab in sight when the row scrolls (a phone opening on a later tab); the page stays.
  useEffect(() => {
    const row = list.current;
    const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !tab || activeKey === undefined) return;
    const start = tab.offsetLeft - row.offsetLeft;
    if (start < row.scrollLeft) row.scrollLeft = start;
    else if (start + tab.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = start + tab.offsetWidth - row.clientWidth + 16;
  }, [activeKey]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    tabs[next]?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      className={className ? `light-tabs ${className}` : 'light-tabs'}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => {
        const active = item.key === activeKey;
        return (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={active ? 'light-tabs__tab light-tabs__tab--active' : 'light-tabs__tab'}
            onClick={() => {
              if (!active) onChange(item.key);
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
