import { useEffect, useState } from 'react';
import { setShortcut, type TShortcutTarget } from '../setShortcut.ts';
import { ANALYSIS_TEXT } from '../texts.ts';

/** 添加快捷方式 / 取消快捷方式 (spec §4): the label follows the server's answer. */
export function ShortcutButton({ target, initial }: { target: TShortcutTarget; initial: number }) {
  const [on, setOn] = useState(initial === 1);
  useEffect(() => setOn(initial === 1), [initial]);
  const [pending, setPending] = useState(false);
  const toggle = async () => {
    setPending(true);
    try {
      await setShortcut(target, !on);
      setOn(!on);
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
