import { detailApi } from '@portal/contract';
import { call } from '../../api/client.ts';

export type TShortcutTarget = { id: string; title: string; index: string; anal_type: string };

/** Adds (create) or removes (delete) the analysis from the sidebar's shortcuts. */
export async function setShortcut(target: TShortcutTarget, add: boolean): Promise<void> {
  if (add) {
    await call(detailApi.shortcutCreate, target);
  } else {
    await call(detailApi.shortcutDelete, { id: target.id, index: target.index });
  }
}
