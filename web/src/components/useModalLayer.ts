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
 * Open layers, innermost last. A layer can open inside another (the highlight menu inside the
 * reader dialog): only the innermost one answers Escape and Tab, so Escape closes the menu and
 * leaves the reader open, and Tab stays inside the menu.
 */
const openLayers: object[] = [];

type TModalLayerOptions = {
  /** Whether the page behind stops scrolling (a dialog, a drawer); a popup menu leaves it. */
  lockScroll?: boolean;
};

/**
 * What every modal layer (dialogs, the navigation drawer, the reader's highlight menu) does while
 * open: Escape closes it, focus moves into `panel`, stays there under Tab and goes back to where
 * it was on close, and (unless told otherwise) the page behind does not scroll.
 */
export function useModalLayer(
  open: boolean,
  onClose: () => void,
  panel: RefObject<HTMLElement | null>,
  { lockScroll = true }: TModalLayerOptions = {},
): void {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) {
      return;
    }
    const layer = {};
    openLayers.push(layer);
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    if (lockScroll) {
      document.body.style.overflow = 'hidden';
    }
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (openLayers[openLayers.length - 1] !== layer) {
        return;
      }
      if (event.key === 'Escape') {
        closeRef.current();
      } else if (event.key === 'Tab' && panel.current) {
        trapTab(event, panel.current);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      openLayers.splice(openLayers.indexOf(layer), 1);
      document.removeEventListener('keydown', onKey);
      if (lockScroll) {
        document.body.style.overflow = overflow;
      }
      previous?.focus();
    };
  }, [open, panel, lockScroll]);
}
