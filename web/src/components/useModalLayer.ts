import { useEffect, useRef, type RefObject } from 'react';

/**
 * What every modal layer (dialogs, the navigation drawer) does while open: Escape closes it,
 * focus moves into `panel` and back to where it was on close, and the page behind does not
 * scroll.
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
