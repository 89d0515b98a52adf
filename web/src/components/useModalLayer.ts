import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** What Tab can reach inside `panel`, in order (hidden parts — e.g. a closed details — left out). */
function focusablesIn(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden], [inert], [aria-hidden="true"]') && el.getClientRects().length !== 0,
  );
}

/**
 * Keeps Tab inside the layer (WAI-ARIA dialog pattern): from the last control it wraps to the
 * first, Shift+Tab from the first (or the panel itself) to the last; focus found outside (a
 * click on the mask) comes back in. Everything between the edges is the browser's own order.
 */
function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const items = focusablesIn(panel);
  const active = document.activeElement;
  if (items.length === 0) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const outside = !(active instanceof Node) || !panel.contains(active);
  if (event.shiftKey && (outside || active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * What every modal layer (dialogs, the navigation drawer) does while open: Escape closes it,
 * focus moves into `panel`, stays there under Tab and goes back to where it was on close, and
 * the page behind does not scroll.
 */
export function useModalLayer(
  open: boolean,
  onClose: () => void,
  panel: RefObject<HTMLElement | null>,
): void {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) {
      return;
    }
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        closeRef.current();
      } else if (event.key === 'Tab' && panel.current) {
        trapTab(event, panel.current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, [open, panel]);
}
