import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { pointerKind } from './pointer.ts';

interface DialogProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Extra class for sizing. */
  className?: string;
}

/**
 * A modal dialog: labelled by its title, focus moved inside on open (to its first control,
 * or on touch screens to the dialog itself) and given back on close, Escape closes, Tab
 * stays inside. (Kept custom rather than <dialog>.showModal so that it
 * behaves the same in jsdom tests and in browsers.)
 */
export function Dialog({ title, onClose, children, className }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const box = ref.current;
    // On touch screens a focused text field opens the on-screen keyboard over half the
    // dialog before the user chose to type: the dialog itself takes the focus there.
    const first =
      pointerKind() === 'touch'
        ? null
        : box?.querySelector<HTMLElement>(
            'textarea, input, select, button:not([data-close]), [tabindex="0"]',
          );
    (first ?? box)?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = Array.from(
      ref.current.querySelectorAll<HTMLElement>(
        'button:not(:disabled), textarea, input, select, a[href], [tabindex="0"]',
      ),
    );
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={`dialog ${className ?? ''}`}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="dialog-x"
            data-close
            aria-label="Close dialog"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
