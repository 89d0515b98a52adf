import { showDomToast } from '../components/toast/domToast.ts';

export type TNoticeKind = 'error' | 'warning' | 'success' | 'info';
export type TNotifier = (kind: TNoticeKind, message: string) => void;

/**
 * Where API errors and short notices go: a small DOM toast (errors announced as alerts).
 * Tests swap in their own notifier to read what a user would have been told.
 */
let current: TNotifier = showDomToast;

/** Routes notices to `notifier`; returns a function that restores the previous one. */
export function setNotifier(notifier: TNotifier): () => void {
  const previous = current;
  current = notifier;
  return () => {
    if (current === notifier) {
      current = previous;
    }
  };
}

export const notify = {
  error: (message: string) => current('error', message),
  warning: (message: string) => current('warning', message),
  success: (message: string) => current('success', message),
  info: (message: string) => current('info', message),
};
