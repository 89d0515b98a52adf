import { api } from '../../api/client.ts';

export type TShortcutTarget = { id: string; title: string; index: string; anal_type: string };

/** Adds (create) or removes (delete) the analysis from the sidebar's shortcuts. */
export async function setShortcut(target: TShortcutTarget, add: boolean): Promise<void> {
  if (add) {
    await api.post<unknown>('/api/insight_topic/shortcut/create', target);
  } else {
    await api.post<unknown>('/api/insight_topic/shortcut/delete', { id: target.id, index: target.index });
  }
}
