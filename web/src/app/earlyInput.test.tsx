import { EARLY_INPUT_SCRIPT } from '@portal/contract';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyInput } from './earlyInput.ts';

/** A server-rendered form: a controlled phone field, a button that reads it, a submit. */
function PhoneForm({
  onSend,
  onSubmit,
}: {
  onSend: (phone: string) => void;
  onSubmit: (phone: string) => void;
}) {
  const [phone, setPhone] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(phone);
      }}
    >
      <input aria-label="手机号" value={phone} onChange={(event) => setPhone(event.target.value)} />
      <button type="button" onClick={() => onSend(phone)}>
        获取验证码
      </button>
      <a href="#terms">用户协议</a>
    </form>
  );
}

// Rendered with React's own act (no Testing Library here), which asks for this flag.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;

/** The page as the browser has it before the code: server markup and the inline script. */
function serverPage(element: React.ReactElement): HTMLElement {
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(element);
  document.body.append(container);
  // The inline script runs as it does in the page's <head>.
  new Function(EARLY_INPUT_SCRIPT)();
  return container;
}

/** What a reader does before hydration: the browser's own typing, a tap. */
function typeNatively(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  delete (window as unknown as Record<string, unknown>).__portalEarlyInput;
});

describe('input before hydration', () => {
  it('a tap on a button before the code arrives reaches its handler, with what was typed', async () => {
    const onSend = vi.fn();
    const element = <PhoneForm onSend={onSend} onSubmit={vi.fn()} />;
    const page = serverPage(element);
    const field = page.querySelector('input') as HTMLInputElement;
    typeNatively(field, '13800000001');
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.querySelector('button')?.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(onSend).not.toHaveBeenCalled();

    await act(async () => {
      root = hydrateRoot(page, element);
      replayEarlyInput(page);
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('13800000001');
    // React now holds the typed text: a later render keeps it in the field.
    expect(field.value).toBe('13800000001');
    // The holder is gone: a tap after hydration is React's alone, handled once.
    await act(async () => page.querySelector('button')?.click());
    expect(onSend).toHaveBeenCalledTimes(2);
  });

  it('Enter in a field before the code arrives submits through React instead of reloading the page', async () => {
    const onSubmit = vi.fn();
    const element = <PhoneForm onSend={vi.fn()} onSubmit={onSubmit} />;
    const page = serverPage(element);
    typeNatively(page.querySelector('input') as HTMLInputElement, '13800000002');
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    page.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    await act(async () => {
      root = hydrateRoot(page, element);
      replayEarlyInput(page);
    });
    expect(onSubmit).toHaveBeenCalledWith('13800000002');
  });

  it('Enter in a field outside a form (the top bar search) before the code arrives reaches its key handler, with what was typed', async () => {
    const onSearch = vi.fn();
    function Search() {
      const [text, setText] = useState('');
      return (
        <input
          aria-label="搜索"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && onSearch(text)}
        />
      );
    }
    const page = serverPage(<Search />);
    const field = page.querySelector('input') as HTMLInputElement;
    typeNatively(field, '瑞幸');
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    field.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    // Other keys are typing, and Enter that confirms an IME candidate is not a search: both pass.
    const letter = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
    field.dispatchEvent(letter);
    expect(letter.defaultPrevented).toBe(false);
    const composing = new KeyboardEvent('keydown', {
      key: 'Enter',
      isComposing: true,
      bubbles: true,
      cancelable: true,
    });
    field.dispatchEvent(composing);
    expect(composing.defaultPrevented).toBe(false);

    await act(async () => {
      root = hydrateRoot(page, <Search />);
      replayEarlyInput(page);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('瑞幸');
  });

  it('leaves links and what is outside the app to the browser', () => {
    const page = serverPage(<PhoneForm onSend={vi.fn()} onSubmit={vi.fn()} />);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.querySelector('a')?.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const outside = document.createElement('button');
    document.body.append(outside);
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    outside.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    outside.remove();
  });
});
