import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, validatePhone } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { PhoneDialog } from './PhoneDialog.tsx';

const settle = () => act(async () => {});
let restoreNotifier: () => void;
beforeEach(() => {
  restoreNotifier = setNotifier(() => {});
});
afterEach(() => {
  cleanup();
  restoreNotifier();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onChanged = vi.fn();
  render(<PhoneDialog open onClose={() => {}} onChanged={onChanged} />);
  return {
    onChanged,
    phone: screen.getByLabelText('新手机号'),
    code: screen.getByLabelText('验证码'),
    send: () => screen.getByRole('button', { name: /获取验证码|s后重新获取/ }),
    confirm: screen.getByRole('button', { name: '确定' }),
  };
}

describe('PhoneDialog', () => {
  it('checks the new phone before sending a code to it, then counts down', async () => {
    const calls = stubFetch(() => ok(null));
    const d = renderDialog();
    fireEvent.change(d.phone, { target: { value: '1380000' } });
    fireEvent.click(d.send());
    expect(screen.getByRole('alert').textContent).toBe(validatePhone('1380000'));
    expect(calls).toHaveLength(0);

    fireEvent.change(d.phone, { target: { value: ' 13900000009 ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(d.send());
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}?${c.url.searchParams.toString()}`)).toEqual([
      'GET /api/sendCode?phone=13900000009',
    ]);
    expect(d.send().textContent).toBe('60s后重新获取');
    expect((d.send() as HTMLButtonElement).disabled).toBe(true);
  });

  it('needs the code, then saves the phone and hands the updated user back', async () => {
    const user = { phone: '13900000009', nickname: '演示用户' };
    const calls = stubFetch((call) => (call.url.pathname === '/api/user/set/phone' ? ok(user) : ok(null)));
    const d = renderDialog();
    fireEvent.change(d.phone, { target: { value: '13900000009' } });
    fireEvent.click(d.confirm);
    expect(screen.getByRole('alert').textContent).toBe(MSG.codeRequired);
    expect(calls).toHaveLength(0);
    fireEvent.change(d.code, { target: { value: '123456' } });
    fireEvent.click(d.confirm);
    await settle();
    expect(calls.map((c) => c.body)).toEqual([{ phone: '13900000009', code: '123456' }]);
    expect(d.onChanged).toHaveBeenCalledWith(user);
    expect((d.phone as HTMLInputElement).value).toBe('');
  });

  it('shows a wrong code from the server under the code and keeps the phone', async () => {
    stubFetch(() => ({ status: 400, body: { code: -1, message: MSG.codeWrong, data: null } }));
    const d = renderDialog();
    fireEvent.change(d.phone, { target: { value: '13900000009' } });
    fireEvent.change(d.code, { target: { value: '000000' } });
    fireEvent.click(d.confirm);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(MSG.codeWrong);
    expect((d.phone as HTMLInputElement).value).toBe('13900000009');
    expect(d.onChanged).not.toHaveBeenCalled();
  });
});
