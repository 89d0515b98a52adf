import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * A menu button per WAI-ARIA (the avatar menu, a note's ⋯ menu): opening moves focus to the first
 * entry; arrows, Home and End move between entries; Escape closes and gives focus back to the
 * button; Tab closes and lets focus go on; a press anywhere else closes. Entries are the
 * `[role="menuitem"]` elements inside the menu element.
 */
export function useMenuButton<TMenu extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<TMenu>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) {
      return;
    }
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  /** Closes the menu; `refocus` gives focus back to the button (Escape, not a chosen entry). */
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) {
      buttonRef.current?.focus();
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const items = [
      ...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []),
    ];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') {
      focus(at + 1);
    } else if (event.key === 'ArrowUp') {
      focus(at - 1);
    } else if (event.key === 'Home') {
      focus(0);
    } else if (event.key === 'End') {
      focus(items.length - 1);
    } else if (event.key === 'Escape') {
      // The menu closes, not a dialog it sits in.
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else {
      return;
    }
    if (event.key !== 'Tab') {
      event.preventDefault();
    }
  };

  const buttonProps = {
    ref: buttonRef,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? menuId : undefined,
    onClick: () => setOpen(!open),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown' && !open) {
        event.preventDefault();
        setOpen(true);
      }
    },
  };
  const menuProps = { ref: menuRef, id: menuId, role: 'menu' as const, onKeyDown: onMenuKeyDown };

  return { open, close, rootRef, buttonProps, menuProps };
}
