import { MSG, SMS_CODE, validateCode, validatePhone, type TUserInfo } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { useCodeChange } from '../../../components/useCodeChange.ts';
import { sendCode } from '../../../entities/auth/api.ts';
import { savePhone } from '../api.ts';
import { ACCOUNT_TEXT } from '../texts.ts';

type TProps = { open: boolean; onClose: () => void; onChanged: (user: TUserInfo) => void };

/** 更换手机号: the new phone, an SMS code sent to it (60 s resend), then POST /api/user/set/phone. */
export function PhoneDialog({ open, onClose, onChanged }: TProps) {
  const form = useCodeChange({
    open,
    validateTarget: validatePhone,
    validateCode,
    send: sendCode,
    resendSeconds: SMS_CODE.resendSeconds,
    // The API client has shown the server's message (e.g. 验证码发送过于频繁).
    sendErrorOnTarget: false,
    async save(phone, code) {
      const user = await savePhone(phone, code);
      notify.success(MSG.phoneChanged);
      onChanged(user);
    },
  });
  const { errors, secondsLeft } = form;

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
          value={form.target}
          aria-invalid={errors.target ? true : undefined}
          onChange={(event) => form.setTarget(event.target.value)}
        />
        {errors.target && (
          <p className="acc-error" role="alert">
            {errors.target}
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
            value={form.code}
            aria-invalid={errors.code ? true : undefined}
            onChange={(event) => form.setCode(event.target.value)}
          />
          <button
            type="button"
            className="acc-button"
            onClick={() => void form.onSend()}
            disabled={counting || form.sending}
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
            onClick={() => void form.onConfirm()}
            disabled={form.saving}
          >
            {ACCOUNT_TEXT.confirm}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
