import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../Dialog.tsx';
import { HighlightMenu } from './HighlightMenu.tsx';

afterEach(cleanup);

// jsdom lays nothing out: every element would look hidden to the trap's visibility check.
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value: () => [{ width: 1, height: 1 }],
});

/** The reader dialog with a text selection's menu open inside it, as PdfReader shows it. */
function ReaderWithMenu({ onReaderClose }: { onReaderClose: () => void }) {
  const [menu, setMenu] = useState(false);
  return (
    <Dialog open onClose={onReaderClose} label="报告阅读器">
      {/* Stands for a text selection in the page: the menu opens once the reader is open. */}
      <button type="button" onClick={() => setMenu(true)}>
        选中文字
      </button>
      {menu && (
        <HighlightMenu left={0} top={0} onHighlight={async () => true} onClose={() => setMenu(false)} />
      )}
    </Dialog>
  );
}

const tab = (shiftKey = false) => fireEvent.keyDown(document, { key: 'Tab', shiftKey });

describe('HighlightMenu keyboard behaviour', () => {
  it('takes focus, keeps Tab inside itself, and Escape closes the menu but not the reader', () => {
    const onReaderClose = vi.fn();
    render(<ReaderWithMenu onReaderClose={onReaderClose} />);
    const selecting = screen.getByRole('button', { name: '选中文字' });
    selecting.focus();
    fireEvent.click(selecting);
    const menu = screen.getByRole('dialog', { name: '高亮所选文字' });
    expect(document.activeElement).toBe(menu);

    // Tab cycles through the menu's own controls, never out to the reader's.
    const note = screen.getByRole('button', { name: '高亮并写笔记' });
    tab(true);
    expect(document.activeElement).toBe(note);
    tab();
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(note);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: '高亮所选文字' })).toBeNull();
    expect(onReaderClose).not.toHaveBeenCalled();
    // Focus is back where the menu found it, inside the reader.
    expect(document.activeElement).toBe(selecting);

    // With the menu gone, Escape reaches the reader.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onReaderClose).toHaveBeenCalledTimes(1);
  });
});
