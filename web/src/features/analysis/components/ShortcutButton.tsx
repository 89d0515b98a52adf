import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setShortcut, type TShortcutTarget } from '../setShortcut.ts';
import { SHORTCUTS_QUERY_KEY } from '../shortcutsApi.ts';
import { ANALYSIS_TEXT } from '../texts.ts';

/**
 * 添加快捷方式 / 取消快捷方式 (spec §4): the label follows the server's answer, and the
 * sidebar's 我的快捷方式 is refetched at once.
 */
export function ShortcutButton({ target, initial }: { target: TShortcutTarget; initial: number }) {
  const [on, setOn] = useState(initial === 1);
  useEffect(() => setOn(initial === 1), [initial]);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const toggle = async () => {
    setPending(true);
    try {
      await setShortcut(target, !on);
      setOn(!on);
      void queryClient.invalidateQueries({ queryKey: SHORTCUTS_QUERY_KEY, refetchType: 'all' });
    } catch {
      // The client has shown the server's message; the label stays.
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className={`detail-btn${on ? ' detail-btn--on' : ''}`}
      disabled={pending}
      onClick={() => void toggle()}
    >
      {on ? ANALYSIS_TEXT.shortcutRemove : ANALYSIS_TEXT.shortcutAdd}
    </button>
  );
}
