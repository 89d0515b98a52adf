import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TNote } from '@portal/contract';
import { NoteView } from './NoteCard.tsx';

afterEach(cleanup);

const note: TNote = {
  id: 1,
  content: '储能装机增速超预期',
  create_time: '2026-11-22 10:00:00',
  update_time: '2026-11-22 10:00:00',
  data_id: '7',
  data_type: 'portal_report',
  url: '',
  source_name: '报告',
  page: null,
  highlight: null,
  placed: true,
};

describe("a note's ⋯ menu from the keyboard", () => {
  it('opens on its first entry, moves with the arrows, and Escape gives focus back to ⋯', () => {
    const onDelete = vi.fn();
    render(
      <MemoryRouter>
        <NoteView note={note} canEdit onEdit={() => {}} onDelete={onDelete} />
      </MemoryRouter>,
    );
    const more = screen.getByRole('button', { name: '更多操作' });
    more.focus();
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '编辑' }));

    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '删除' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: '编辑' }));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);

    // ArrowDown on the closed button opens it too; an entry runs its action and closes the menu.
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    fireEvent.click(document.activeElement!);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
