import { EARLY_INPUT_GLOBAL } from '@portal/contract';

/** What the page's inline script held back (contract early-input.ts). */
type THeld =
  | { control: HTMLElement }
  | { form: HTMLFormElement; submitter: HTMLElement | null }
  | { enter: HTMLInputElement };

declare global {
  interface Window {
    [EARLY_INPUT_GLOBAL]?: { take: () => THeld[] };
  }
}

type TField = HTMLInputElement | HTMLTextAreaElement;

const TEXT_FIELDS =
  'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea';

/** Sets a field's value past React's own setter, so React sees the change the next event brings. */
function setNativeValue(field: TField, value: string): void {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
}

const inputEvent = () => new Event('input', { bubbles: true });

/**
 * Text typed into a server-rendered field before hydration stays in the field, but React keeps
 * the state it rendered (the field's `defaultValue`) and would put that back at its next render.
 * Each such field gets an input event with the typed text, as if typed now: the first event
 * (with the rendered value back in place) makes React hydrate at once, the second is the change.
 */
function adoptTypedText(container: HTMLElement): void {
  for (const field of container.querySelectorAll<TField>(TEXT_FIELDS)) {
    const typed = field.value;
    if (typed === field.defaultValue) {
      continue;
    }
    setNativeValue(field, field.defaultValue);
    field.dispatchEvent(inputEvent());
    setNativeValue(field, typed);
    field.dispatchEvent(inputEvent());
  }
}

/**
 * Called right after `hydrateRoot`, when React listens on `container`: ends the inline script's
 * holding, gives React what was typed, then plays the held clicks and submits in order. React
 * hydrates synchronously for each (a discrete event), so each reaches its handler; a control the
 * hydration replaced (a mismatch) is gone from the page and is skipped. A held Enter in a field
 * outside a form is pressed again there.
 */
export function replayEarlyInput(container: HTMLElement): void {
  const held = window[EARLY_INPUT_GLOBAL]?.take() ?? [];
  delete window[EARLY_INPUT_GLOBAL];
  if (held.length === 0) {
    return;
  }
  adoptTypedText(container);
  for (const input of held) {
    if ('control' in input) {
      if (input.control.isConnected) {
        input.control.click();
      }
    } else if ('enter' in input) {
      if (input.enter.isConnected) {
        const enter = { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true };
        input.enter.dispatchEvent(new KeyboardEvent('keydown', enter));
      }
    } else if (input.form.isConnected) {
      if (input.submitter?.isConnected) {
        input.form.requestSubmit(input.submitter);
      } else {
        input.form.requestSubmit();
      }
    }
  }
}
