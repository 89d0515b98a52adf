import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { LoginForm } from './LoginForm.tsx';

const LOGIN_REPLY = {
  token: 't0k',
  login_role_type: [1],
  user_company_type_status: 0,
  set_keyword_status: 0,
};

function renderForm() {
  const onLoggedIn = vi.fn();
  render(
    <MemoryRouter>
      <LoginForm onLoggedIn={onLoggedIn} />
    </MemoryRouter>,
  );
  return {
    onLoggedIn,
    phone: screen.getByLabelText('手机号'),
    code: screen.getByLabelText('验证码'),
    send: screen.getByRole('button', { name: '获取验证码' }),
    submit: screen.getByRole('button', { name: '登录' }),
  };
}

const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

/** Lets the stubbed fetch and the state updates after it settle. */
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

describe('LoginForm: validation', () => {
  it('refuses a malformed phone before sending a code', async () => {
    const calls = stubFetch(() => ok(null));
    const form = renderForm();
    fireEvent.change(form.phone, { target: { value: '1380000' } });
    fireEvent.click(form.send);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(MSG.contactPhone);
    expect(form.phone.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('asks for the code when it is empty, and for a valid phone', async () => {
    const calls = stubFetch(() => ok(LOGIN_REPLY));
    const form = renderForm();
    fireEvent.click(form.submit);
    await settle();
    const alerts = screen.getAllByRole('alert').map((el) => el.textContent);
    expect(alerts).toEqual([MSG.contactPhone, MSG.codeRequired]);
    expect(calls).toHaveLength(0);
  });

  it('clears a field message once the field is edited', async () => {
    stubFetch(() => ok(null));
    const form = renderForm();
    fireEvent.click(form.submit);
    await settle();
    fireEvent.change(form.code, { target: { value: '1' } });
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual([MSG.contactPhone]);
  });

  it('logs in with a valid phone and code, trimmed', async () => {
    const calls = stubFetch(() => ok(LOGIN_REPLY));
    const form = renderForm();
    fireEvent.change(form.phone, { target: { value: ' 13800000001 ' } });
    fireEvent.change(form.code, { target: { value: '123456' } });
    fireEvent.click(form.submit);
    await settle();
    expect(calls[0]?.url.pathname).toBe('/api/login');
    expect(calls[0]?.url.searchParams.get('phone')).toBe('13800000001');
    expect(calls[0]?.url.searchParams.get('code')).toBe('123456');
    expect(form.onLoggedIn).toHaveBeenCalledWith(LOGIN_REPLY);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stays on the form when the server refuses the code', async () => {
    stubFetch(() => ({ body: { code: -1, message: MSG.codeWrong, data: null } }));
    const form = renderForm();
    fireEvent.change(form.phone, { target: { value: '13800000001' } });
    fireEvent.change(form.code, { target: { value: '000000' } });
    fireEvent.click(form.submit);
    await settle();
    expect(form.onLoggedIn).not.toHaveBeenCalled();
    expect(isDisabled(screen.getByRole('button', { name: '登录' }))).toBe(false);
  });
});

describe('LoginForm: resend countdown', () => {
  it('counts 60 s down after a code is sent and re-enables the button at 0', async () => {
    vi.useFakeTimers();
    const calls = stubFetch(() => ok(null));
    const form = renderForm();
    fireEvent.change(form.phone, { target: { value: '13800000001' } });
    fireEvent.click(form.send);
    await settle();

    expect(calls[0]?.url.pathname).toBe('/api/sendCode');
    expect(calls[0]?.url.searchParams.get('phone')).toBe('13800000001');
    const button = screen.getByRole('button', { name: '60s后重新获取' });
    expect(isDisabled(button)).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(button.textContent).toBe('59s后重新获取');
    expect(isDisabled(button)).toBe(true);

    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(button.textContent).toBe('1s后重新获取');
    expect(isDisabled(button)).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(button.textContent).toBe('获取验证码');
    expect(isDisabled(button)).toBe(false);
  });

  it('does not count down when the server refuses to send', async () => {
    vi.useFakeTimers();
    stubFetch(() => ({ status: 429, body: { code: -1, message: MSG.codeResendTooSoon, data: null } }));
    const form = renderForm();
    fireEvent.change(form.phone, { target: { value: '13800000001' } });
    fireEvent.click(form.send);
    await settle();
    expect(isDisabled(screen.getByRole('button', { name: '获取验证码' }))).toBe(false);
  });
});
