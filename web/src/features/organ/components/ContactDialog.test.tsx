import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { ok, stubFetch, type TStubCall, type TStubReply } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { ContactDialog } from './ContactDialog.tsx';

const PREFILL = {
  company_id: '2',
  company_name: '宁德时代',
  type: 2,
  company: '',
  department: '',
  job: '',
  name: '演示用户',
  email: '',
  phone: '13800000001',
  is_authorize: 0,
};

let notices: string[] = [];
let restore: () => void = () => {};
beforeEach(() => {
  notices = [];
  restore = setNotifier((_kind, message) => notices.push(message));
  sessionStore.reset('token-1');
});
afterEach(() => {
  cleanup();
  restore();
  vi.unstubAllGlobals();
});

function renderForm(
  type: 1 | 2,
  create: (call: TStubCall) => TStubReply | Promise<TStubReply>,
  prefill: TStubReply = ok(PREFILL),
) {
  const calls = stubFetch((call) =>
    call.url.pathname === '/api/company/contact/detail' ? prefill : create(call),
  );
  const onSubmitted = vi.fn();
  renderWithQuery(
    <ContactDialog
      type={type}
      companyId="2"
      productId={type === 1 ? '4' : undefined}
      organName="宁德时代"
      onClose={() => {}}
      onSubmitted={onSubmitted}
    />,
  );
  const creates = () => calls.filter((c) => c.url.pathname === '/api/company/contact/create');
  return { calls, creates, onSubmitted };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillValid() {
  fill('公司', '星河科技');
  fill('部门', '市场部');
  fill('职位', '经理');
  fill('姓名', '张三');
  fill('邮箱', 'zhang@example.com');
}

describe('ContactDialog', () => {
  it('prefills from the account and shows every refused field with its message, sending nothing', async () => {
    const { creates } = renderForm(2, () => ok({ id: '1', duplicate: false }));
    await waitFor(() =>
      expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13800000001'),
    );
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('演示用户');
    fill('部门', 'R&D');
    fill('职位', '中'.repeat(25) + 'a');
    fill('邮箱', 'zhang@');
    fill('手机号', '1381234567');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    const messages = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(messages).toEqual([
      MSG.contactRequired,
      MSG.contactSpecialChars,
      MSG.contactTooLong,
      MSG.contactEmail,
      MSG.contactPhone,
    ]);
    expect(creates()).toHaveLength(0);
    // After the first submit, messages follow the typing.
    fill('公司', '星河科技');
    expect(screen.getAllByRole('alert')).toHaveLength(4);
  });

  it('sends one submission id for a double click and a retry, then thanks', async () => {
    let fail = true;
    const { creates, onSubmitted } = renderForm(2, () => {
      if (fail) {
        fail = false;
        return new Error('offline');
      }
      return ok({ id: '9', duplicate: false });
    });
    await waitFor(() =>
      expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13800000001'),
    );
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(notices).toContain(MSG.networkError));
    // A double click: both clicks land before React re-renders the disabled button.
    const button = screen.getByRole('button', { name: '提交' });
    act(() => {
      button.click();
      button.click();
    });
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(2));
    const ids = creates().map((c) => (c.body as { submission_id: string }).submission_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(creates()[1]?.body).toMatchObject({
      company_id: '2',
      type: 2,
      company: '星河科技',
      phone: '13800000001',
      consent: false,
    });
    expect(notices).toContain(MSG.enquiryThanks);
  });

  it('requires the consent tick on the more-information form and sends the product', async () => {
    const { creates, onSubmitted } = renderForm(1, () => ok({ id: '3', duplicate: false }));
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('演示用户'));
    fillValid();
    fill('手机号', '');
    fill('需求说明', '中'.repeat(200) + 'a');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      MSG.contactContentTooLong,
      MSG.consentRequired,
    ]);
    fill('需求说明', '中'.repeat(200));
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(1));
    expect(creates()[0]?.body).toMatchObject({ type: 1, product_id: '4', consent: true, phone: '' });
  });

  it('says 获取机构列表失败!请重试! when the prefill fails, and the form still works', async () => {
    renderForm(2, () => ok({ id: '1', duplicate: false }), {
      status: 500,
      body: { code: -1, message: 'x', data: null },
    });
    await waitFor(() => expect(notices).toEqual([MSG.organListFailed]));
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('');
  });
});
