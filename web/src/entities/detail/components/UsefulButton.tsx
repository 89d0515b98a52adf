import { useEffect, useState } from 'react';
import { setUsefulness } from '../api.ts';
import { DETAIL_TEXT } from '../texts.ts';

type TUsefulButtonProps = { id: string; index: string; initial: number };

/** 有用 toggle (spec §4): sends the new status; the label and pressed state follow the server's answer. */
export function UsefulButton({ id, index, initial }: TUsefulButtonProps) {
  const [on, setOn] = useState(initial === 1);
  useEffect(() => setOn(initial === 1), [initial]);
  const [pending, setPending] = useState(false);
  const toggle = async () => {
    const next = on ? 0 : 1;
    setPending(true);
    try {
      await setUsefulness(id, index, next);
      setOn(next === 1);
    } catch {
      // The client has shown the server's message; the button keeps its state.
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className={`detail-btn${on ? ' detail-btn--on' : ''}`}
      aria-pressed={on}
      onClick={() => void toggle()}
      disabled={pending}
    >
      <svg className="detail-btn__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M7 10v11H3V10zm2 11h8.4a2 2 0 0 0 2-1.6l1.5-7A2 2 0 0 0 19 10h-5.4l.8-4a2 2 0 0 0-3.6-1.5L9 9z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      {on ? DETAIL_TEXT.usefulOn : DETAIL_TEXT.useful}
    </button>
  );
}
