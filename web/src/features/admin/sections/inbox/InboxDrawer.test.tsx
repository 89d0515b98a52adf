import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG, type TInboxDetail } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../../test/fetchStub.ts';
import { installAntdJsdomShims } from '../../../../test/antdJsdom.ts';
import { renderWithQuery } from '../../../../test/renderWithQuery.tsx';
import { AdminProviders } from '../../layout/AdminProviders.tsx';
import { InboxDrawer } from './InboxDrawer.tsx';

beforeAll(installAntdJsdomShims);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const ITEM: TInboxDetail = {
  id: 7,
  kind: 'feedback',
  status: 'new',
  assignee_id: null,
  assignee: '',
  version: 0,
  name: '演示用户',
  phone: '138****0001',
  contact: 'reader@example.com',
  organisation: '',
  content: '<b>导出</b>报告时页面没有反应。',
  reply_to: 'reader@example.com',
  replies: 0,
  created_at: Date.UTC(2026, 10, 25, 5, 0),
  updated_at: null,
  note: '',
  fields: [{ label: '联系邮箱', value: 'reader@example.com' }],
  screenshots: ['/files/feedback/1/a.png?exp=1&sig=x'],
  history: [],
  changes: [],
};

function renderDrawer(item: TInboxDetail) {
  const calls = stubFetch((call) =>
    call.url.pathname === `/api/admin/inbox/${item.kind}/${item.id}` ? ok(item) : ok({ id: 1 }),
  );
  renderWithQuery(
    <AdminProviders>
      <InboxDrawer kind={item.kind} id={item.id} assignees={[]} onClose={() => undefined} />
    </AdminProviders>,
  );
  return calls;
}

describe('inbox drawer', () => {
  it('shows what the user typed as text and screenshots as images, and checks a reply before sending', async () => {
    const calls = renderDrawer(ITEM);
    expect(await screen.findByText('<b>导出</b>报告时页面没有反应。')).toBeTruthy();
    expect(document.querySelector('.ant-drawer b')).toBeNull();
    expect(screen.getByRole('img', { name: '截图 1' }).getAttribute('src')).toBe(ITEM.screenshots[0]);
    expect(screen.getByText('回复将发送至 reader@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(await screen.findByText(MSG.inboxReplyBodyRequired)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '回复内容' }), {
      target: { value: '字'.repeat(5001) },
    });
    expect(await screen.findByText(MSG.inboxReplyBodyTooLong)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: '回复内容' }), {
      target: { value: '已修复，请重试。' },
    });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.url.pathname).toBe('/api/admin/inbox/feedback/7/reply');
    expect(sent?.body).toEqual({ subject: '【洞察门户】关于您的反馈', body: '已修复，请重试。' });
  }, 20_000);

  it('lists the item’s changes: who, when, status and assignee from → to, with the screen’s words', async () => {
    const at = Date.UTC(2026, 10, 25, 6, 30);
    const by = { admin_id: 2, admin: '管理员', at };
    renderDrawer({
      ...ITEM,
      status: 'done',
      changes: [
        { ...by, id: 11, field: 'status', from: 'new', to: 'in_progress' },
        { ...by, id: 11, field: 'assignee', from: '', to: '管理员' },
        { ...by, id: 12, field: 'note', from: '', to: '<i>已联系</i>' },
        { ...by, id: 13, field: 'status', from: 'in_progress', to: 'done' },
      ],
    });
    await screen.findByText('处理记录');
    const rows = (await screen.findAllByTestId('inbox-change')).map((r) => r.textContent);
    expect(rows).toEqual([
      expect.stringContaining('状态：新建 → 处理中'),
      expect.stringContaining('处理人：未指派 → 管理员'),
      expect.stringContaining('内部备注：（空） → <i>已联系</i>'),
      expect.stringContaining('状态：处理中 → 已完成'),
    ]);
    expect(rows[0]).toContain('管理员');
    // Typed text stays text.
    expect(document.querySelector('.ant-drawer i')).toBeNull();
  }, 20_000);

  it('says why a claim with a phone only cannot be answered by mail, and offers no reply form', async () => {
    renderDrawer({ ...ITEM, kind: 'claim', contact: '13912345678', reply_to: '', screenshots: [] });
    expect(await screen.findByText('该认领只留下了手机号，无法邮件回复，请电话联系。')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '回复内容' })).toBeNull();
    expect(screen.queryByRole('button', { name: '发送' })).toBeNull();
  });
});
