import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TNote } from '@portal/contract';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { ok, stubFetch, type TStubCall } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { useLocation } from 'react-router';
import { NotePanel } from './NotePanel.tsx';

/** The address the panel's links lead to, shown so a test can read it. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

const item = { id: '7', index: 'portal_report' };
const note = (id: number, content: string): TNote => ({
  id,
  content,
  create_time: '2026-11-22 10:00:00',
  update_time: '2026-11-22 10:00:00',
  data_id: '7',
  data_type: 'portal_report',
  url: '',
  source_name: '报告',
  page: null,
  highlight: null,
  placed: true,
});

/** A server holding `notes` and the panel `status`, answering as the API does. */
function server(notes: TNote[], status = 1) {
  let nextId = 100;
  const calls = stubFetch((call: TStubCall) => {
    const body = call.body as Record<string, unknown> | undefined;
    switch (call.url.pathname) {
      case '/api/user/note/draw':
        return ok({ status });
      case '/api/user/note/draw/update':
        status = Number(body?.status);
        return ok({ status });
      case '/api/user/note/list':
        return ok({ data: notes, page: 1, page_size: 8, total_size: notes.length });
      case '/api/user/note/create': {
        const made = note(nextId++, String(body?.content));
        notes = [made, ...notes];
        return ok({ id: made.id, create_time: made.create_time });
      }
      case '/api/user/note/update':
        return ok({ id: body?.id, update_time: '2026-11-22 11:00:00' });
      default:
        return ok(null);
    }
  });
  return { calls, status: () => status };
}

beforeEach(() => {
  setNotifier(() => undefined);
  sessionStore.reset('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotePanel', () => {
  it('restores a closed panel as its 34 px handle and saves opening it', async () => {
    const { calls, status } = server([], 2);
    renderWithQuery(<NotePanel item={item} />);
    // Before the saved state answers, the panel holds the open width (no handle yet), so the
    // item beside it is laid out once.
    const panel = screen.getByRole('complementary', { name: '笔记面板' });
    expect(panel.style.width).toBe('330px');
    expect(panel.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('button', { name: '展开笔记' })).toBeNull();
    const open = await screen.findByRole('button', { name: '展开笔记' });
    expect(screen.getByRole('complementary', { name: '笔记面板' }).style.width).toBe('34px');
    expect(panel.getAttribute('aria-busy')).toBe('false');
    fireEvent.click(open);
    expect(screen.getByRole('complementary', { name: '笔记面板' }).style.width).toBe('330px');
    await waitFor(() => expect(status()).toBe(1));
    expect(
      calls.some(
        (c) => c.url.pathname === '/api/user/note/draw' && c.url.searchParams.get('type') === 'portal_report',
      ),
    ).toBe(true);
  });

  it('shows a note saved while the first page of notes is still on its way', async () => {
    let notes = [note(1, '第一条')];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let lists = 0;
    stubFetch(async (call: TStubCall) => {
      const body = call.body as Record<string, unknown> | undefined;
      switch (call.url.pathname) {
        case '/api/user/note/draw':
          return ok({ status: 1 });
        case '/api/user/note/list': {
          // The first page answers late, with the notes as they were when it was asked.
          const asked = [...notes];
          if (++lists === 1) {
            await gate;
          }
          return ok({ data: asked, page: 1, page_size: 8, total_size: asked.length });
        }
        case '/api/user/note/create': {
          const made = note(100, String(body?.content));
          notes = [made, ...notes];
          return ok({ id: made.id, create_time: made.create_time });
        }
        default:
          return ok(null);
      }
    });
    renderWithQuery(<NotePanel item={item} />);
    fireEvent.click(await screen.findByRole('button', { name: '+ 新建笔记' }));
    fireEvent.change(screen.getByRole('textbox', { name: '笔记内容' }), { target: { value: '慢网上记的' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '笔记内容' })).toBeNull());
    release();
    expect(await screen.findByText('慢网上记的')).toBeTruthy();
    expect(screen.getByText('第一条')).toBeTruthy();
  });

  it('edits one note at a time and creates a new note on save', async () => {
    const { calls } = server([note(1, '第一条'), note(2, '第二条')]);
    renderWithQuery(<NotePanel item={item} />);
    fireEvent.doubleClick(await screen.findByText('第一条'));
    const editor = screen.getByRole('textbox', { name: '笔记内容' });
    expect((editor as HTMLTextAreaElement).value).toBe('第一条');
    // While one note is open, neither another note nor a new one can be opened.
    fireEvent.doubleClick(screen.getByText('第二条'));
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect((screen.getByRole('button', { name: '+ 新建笔记' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(editor, { target: { value: '  第一条改  ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('第一条改');
    // The saved note leaves edit mode once the update has answered; only then can a new one start.
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '+ 新建笔记' }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(calls.find((c) => c.url.pathname === '/api/user/note/update')?.body).toEqual({
      id: 1,
      content: '第一条改',
    });

    fireEvent.click(screen.getByRole('button', { name: '+ 新建笔记' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert').textContent).toBe(MSG.noteRequired);
    expect(calls.some((c) => c.url.pathname === '/api/user/note/create')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: '笔记内容' }), { target: { value: '新的想法' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('新的想法');
    expect(calls.find((c) => c.url.pathname === '/api/user/note/create')?.body).toMatchObject({
      content: '新的想法',
      data_id: '7',
      data_type: 'portal_report',
    });
  });

  it('discards an empty new note when the panel is collapsed', async () => {
    server([]);
    renderWithQuery(<NotePanel item={item} />);
    await screen.findByText(MSG.noNotesYet);
    fireEvent.click(screen.getByRole('button', { name: '+ 新建笔记' }));
    expect(screen.queryByRole('textbox', { name: '笔记内容' })).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '收起笔记' }));
    fireEvent.click(screen.getByRole('button', { name: '展开笔记' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText(MSG.noNotesYet)).not.toBeNull();
  });

  it('shows a highlight with its passage and page, says when it may no longer fit, and jumps to its page', async () => {
    const highlight = {
      ...note(3, '值得引用'),
      page: 3,
      placed: false,
      highlight: {
        color: 'green' as const,
        quote: '渗透率提升至 35%',
        anchor: { start: 0, end: 9, rects: [[0.1, 0.2, 0.5, 0.02] as [number, number, number, number]] },
      },
    };
    const { calls } = server([highlight, note(4, '普通笔记')]);
    renderWithQuery(
      <>
        <NotePanel item={item} />
        <Address />
      </>,
      '/report/report_details/7?id=7&index=portal_report',
    );
    const quote = await screen.findByText('渗透率提升至 35%');
    expect(quote.tagName).toBe('BLOCKQUOTE');
    expect(screen.getByText(MSG.highlightUnplaced)).not.toBeNull();
    // Only the page-anchored note offers a jump.
    expect(screen.getAllByRole('button', { name: /^跳转到第/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '跳转到第 3 页' }));
    expect(screen.getByRole('status', { name: 'address' }).textContent).toBe(
      '/report/report_details/7?id=7&index=portal_report&page=3',
    );
    // A highlight's text may be emptied; the update keeps it a highlight.
    fireEvent.doubleClick(screen.getByText('值得引用'));
    fireEvent.change(screen.getByRole('textbox', { name: '笔记内容' }), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/api/user/note/update')?.body).toEqual({
        id: 3,
        content: '',
      }),
    );
  });
});
