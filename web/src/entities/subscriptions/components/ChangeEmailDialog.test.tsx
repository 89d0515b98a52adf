import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { ChangeEmailDialog } from './ChangeEmailDialog.tsx';

const settle = () => act(async () => {});
let restoreNotifier: () => void;
beforeEach(() => {
  restoreNotifier = setNotifier(() => {});
});
afterEach(() => {
  cleanup();
  restoreNotifier();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderDialog() {
  const onChanged = vi.fn();
  render(<ChangeEmailDialog open currentEmail="old@example.com" onClose={() => {}} onChanged={onChanged} />);
  return {
    onChanged,
    email: screen.getByLabelText('新邮箱'),
    code: screen.getByLabelText('验证码'),
    send: () => screen.getByRole('button', { name: /获取验证码|s后重新获取/ }),
    confirm: screen.getByRole('button', { name: '确定' }),
  };
}

describe('ChangeEmailDialog', () => {
  it('checks the address before sending, then counts down 60 s before the next code', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(() => ok(null));
    const d = renderDialog();
    expect(screen.getByText(/old@example\.com/)).toBeTruthy();
    fireEvent.change(d.email, { target: { value: 'nope' } });
    fireEvent.click(d.send());
    expect(screen.getByRole('alert').textContent).toBe(MSG.changeEmailInvalid);
    expect(calls).toHaveLength(0);

    fireEvent.change(d.email, { target: { value: 'new@example.com' } });
    fireEvent.click(d.send());
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}?${c.url.searchParams.toString()}`)).toEqual([
      'GET /api/email/send/code?email=new%40example.com',
    ]);
    expect(d.send().textContent).toBe('60s后重新获取');
    expect((d.send() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(d.send().textContent).toBe('获取验证码');
    expect((d.send() as HTMLButtonElement).disabled).toBe(false);
  });

  it('needs the code (请输入验证码！), then sets the e-mail and reports it', async () => {
    const calls = stubFetch((call) =>
      call.url.pathname === '/api/user/set/email' ? ok({ email: 'new@example.com' }) : ok(null),
    );
    const d = renderDialog();
    fireEvent.change(d.email, { target: { value: 'new@example.com' } });
    fireEvent.click(d.confirm);
    expect(screen.getByRole('alert').textContent).toBe(MSG.codeRequired);
    fireEvent.change(d.code, { target: { value: '123456' } });
    fireEvent.click(d.confirm);
    await settle();
    expect(calls.map((c) => c.body)).toEqual([{ email: 'new@example.com', code: '123456' }]);
    expect(d.onChanged).toHaveBeenCalledWith('new@example.com');
  });

  it('shows a wrong code from the server and keeps the dialog', async () => {
    stubFetch(() => ({ status: 400, body: { code: -1, message: MSG.codeWrong, data: null } }));
    const d = renderDialog();
    fireEvent.change(d.email, { target: { value: 'new@example.com' } });
    fireEvent.change(d.code, { target: { value: '000000' } });
    fireEvent.click(d.confirm);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(MSG.codeWrong);
    expect(d.onChanged).not.toHaveBeenCalled();
  });
});
