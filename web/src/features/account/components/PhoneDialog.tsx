import { useEffect, useState } from 'react';
import { MSG, SMS_CODE, validateCode, validatePhone, type TUserInfo } from '@portal/contract';
import { ApiError } from '../../../api/client.ts';
import { notify } from '../../../api/notify.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { sendCode } from '../../auth/api.ts';
import { useCountdown } from '../../auth/components/useCountdown.ts';
import { savePhone } from '../api.ts';
import { ACCOUNT_TEXT } from '../texts.ts';

type TProps = { open: boolean; onClose: () => void; onChanged: (user: TUserInfo) => void };
type TErrors = { phone?: string | null; code?: string | null };

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : MSG.serverError);

/** 更换手机号: the new phone, an SMS code sent to it (60 s resend), then POST /api/user/set/phone. */
export function PhoneDialog({ open, onClose, onChanged }: TProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [busy, setBusy] = useState(false);
  const { secondsLeft, start } = useCountdown();

  useEffect(() => {
    if (open) {
      setCode('');
      setErrors({});
    }
  }, [open]);

  const onSend = async () => {
    const problem = validatePhone(phone);
    setErrors({ ...errors, phone: problem });
    if (problem) {
      return;
    }
    setBusy(true);
    try {
      await sendCode(phone.trim());
      start(SMS_CODE.resendSeconds);
      notify.success(MSG.codeSent);
    } catch {
      // The client has shown the server's message (e.g. 验证码发送过于频繁).
    } finally {
      setBusy(false);
    }
  };

  const onConfirm = async () => {
    const next = { phone: validatePhone(phone), code: validateCode(code) };
    setErrors(next);
    if (next.phone || next.code) {
      return;
    }
    setBusy(true);
    try {
      const user = await savePhone(phone.trim(), code.trim());
      notify.success(MSG.phoneChanged);
      onChanged(user);
      setPhone('');
    } catch (error) {
      setErrors({ code: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const counting = secondsLeft > 0;
  return (
    <Dialog open={open} onClose={onClose} label={ACCOUNT_TEXT.changePhone}>
      <div className="acc-dialog">
        <label className="acc-label" htmlFor="change-phone-new">
          {ACCOUNT_TEXT.newPhone}
        </label>
        <input
          id="change-phone-new"
          className="acc-input"
          inputMode="tel"
          autoComplete="tel"
          maxLength={11}
          placeholder={ACCOUNT_TEXT.newPhonePlaceholder}
          value={phone}
          aria-invalid={errors.phone ? true : undefined}
          onChange={(event) => {
            setPhone(event.target.value);
            setErrors({ ...errors, phone: null });
          }}
        />
        {errors.phone && (
          <p className="acc-error" role="alert">
            {errors.phone}
          </p>
        )}
        <label className="acc-label" htmlFor="change-phone-code">
          {ACCOUNT_TEXT.code}
        </label>
        <div className="acc-edit__row">
          <input
            id="change-phone-code"
            className="acc-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={ACCOUNT_TEXT.codePlaceholder}
            value={code}
            aria-invalid={errors.code ? true : undefined}
            onChange={(event) => {
              setCode(event.target.value);
              setErrors({ ...errors, code: null });
            }}
          />
          <button
            type="button"
            className="acc-button"
            onClick={() => void onSend()}
            disabled={counting || busy}
          >
            {counting ? ACCOUNT_TEXT.resendIn(secondsLeft) : ACCOUNT_TEXT.sendCode}
          </button>
        </div>
        <p className="acc-hint">{ACCOUNT_TEXT.codeHint}</p>
        {errors.code && (
          <p className="acc-error" role="alert">
            {errors.code}
          </p>
        )}
        <div className="acc-actions">
          <button type="button" className="acc-button" onClick={onClose}>
            {ACCOUNT_TEXT.cancel}
          </button>
          <button
            type="button"
            className="acc-button acc-button--primary"
            onClick={() => void onConfirm()}
            disabled={busy}
          >
            {ACCOUNT_TEXT.confirm}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
