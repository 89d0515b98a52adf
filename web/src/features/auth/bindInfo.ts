import type { TBindInfo } from '@portal/contract';

/** Where a third-party sign-in leaves what /phone_verify needs (this tab only, gone on close). */
const KEY = 'portal.bind';

export function saveBindInfo(info: TBindInfo): void {
  sessionStorage.setItem(KEY, JSON.stringify(info));
}

export function readBindInfo(): TBindInfo | null {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as TBindInfo | null;
    return parsed && typeof parsed.bind_ticket === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function clearBindInfo(): void {
  sessionStorage.removeItem(KEY);
}
