import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from './Dialog.tsx';

afterEach(cleanup);

// jsdom lays nothing out: every element would look hidden to the trap's visibility check.
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value: () => [{ width: 1, height: 1 }],
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} label="新建收藏夹">
        <input aria-label="收藏夹名称" />
        <button type="button">创建</button>
      </Dialog>
    </>
  );
}

const tab = (shiftKey = false) => fireEvent.keyDown(document, { key: 'Tab', shiftKey });

describe('Dialog keyboard behaviour', () => {
  it('moves focus in, keeps Tab inside in both directions, and gives focus back on Escape', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: '打开' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: '新建收藏夹' });
    expect(document.activeElement).toBe(dialog);

    // Shift+Tab from the panel itself goes to the last control, Tab from the last to the first.
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '创建' }));
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '关闭' }));
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '创建' }));

    // Focus that escaped (a click on the page behind) is brought back by the next Tab.
    opener.focus();
    tab();
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
