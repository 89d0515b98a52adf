import type { TSessionUser } from '@portal/contract';
import { sessionStore } from '../../app/session/sessionStore.ts';

/** Puts saved profile fields into the session, so the top bar shows them at once. */
export function patchSessionUser(patch: Partial<TSessionUser>): void {
  const { user } = sessionStore.get();
  if (user) {
    sessionStore.set({ user: { ...user, ...patch } });
  }
}
