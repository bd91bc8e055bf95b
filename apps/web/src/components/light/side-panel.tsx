import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons';
import './light.css';

const focusable = 'a[href], button:not([disabled]), select, input, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A panel sliding in from the right over a dimmed page (antd's Drawer look), as a modal dialog:
 * focus moves into it and stays there (Tab wraps), Escape or a click on the dimmed page closes it,
 * and focus goes back to what opened it.
 */
export function SidePanel({
  id,
  open,
  onClose,
  title,
  closeLabel,
  className,
  children,
}: {
  id?: string;
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>(focusable)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(focusable)];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="light-panel-root">
      <div className="light-panel-mask" onClick={onClose} aria-hidden />
      <div
        id={id}
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={className ? `light-panel ${className}` : 'light-panel'}
      >
        <div className="light-panel__header">
          <button type="button" className="light-panel__close" aria-label={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
          <div id={titleId} className="light-panel__title">
            {title}
          </div>
        </div>
        <div className="light-panel__body">{children}</div>
      </div>
    </div>
  );
}
