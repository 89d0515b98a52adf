import { useSyncExternalStore } from 'react';
import { BACK_TO_TOP_AFTER_PX } from '@portal/contract';
import { COMPONENT_TEXT } from './texts.ts';
import { prefersReducedMotion } from './reducedMotion.ts';
import './BackTop.css';

/**
 * Whether the page is scrolled far, as last read in a scroll event or animation frame. Render
 * reads this, never `window.scrollY` itself: that lays out the page on the spot, in the middle
 * of every commit of a list screen.
 */
let far = false;

function subscribe(onChange: () => void): () => void {
  const update = () => {
    far = window.scrollY > BACK_TO_TOP_AFTER_PX;
    onChange();
  };
  // A page opened already scrolled (back navigation) is read once its first frame is laid out.
  const frame = requestAnimationFrame(update);
  window.addEventListener('scroll', update, { passive: true });
  return () => {
    cancelAnimationFrame(frame);
    window.removeEventListener('scroll', update);
  };
}

const scrolledFar = () => far;

/** A 回到顶部 button that appears once the page has scrolled more than 242 px (spec §2). */
export function BackTop() {
  const visible = useSyncExternalStore(subscribe, scrolledFar, () => false);
  if (!visible) {
    return null;
  }
  const toTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };
  return (
    <button
      type="button"
      className="back-top"
      aria-label={COMPONENT_TEXT.backTop}
      title={COMPONENT_TEXT.backTop}
      onClick={toTop}
    >
      <svg
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 4h14M12 20V9M7 13l5-5 5 5" />
      </svg>
    </button>
  );
}
