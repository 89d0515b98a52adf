import { EMAIL_CODE_RESEND_SECONDS, validateEmailCode, validateNewEmail } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { useCodeChange } from '../../../components/useCodeChange.ts';
import { sendEmailCode, setEmail } from '../api.ts';
import { SUBSCRIPTIONS_TEXT } from '../texts.ts';
import './subscriptions.css';

type TProps = {
  open: boolean;
  currentEmail: string;
  onClose: () => void;
  onChanged: (email: string) => void;
};

/**
 * 更换接收邮箱: the new address, a mailed 6-digit code with a 60 s resend countdown, then
 * POST /api/user/set/email. Used by /keyword_setting and the personal settings page.
 */
export function ChangeEmailDialog({ open, currentEmail, onClose, onChanged }: TProps) {
  const form = useCodeChange({
    open,
    validateTarget: validateNewEmail,
    validateCode: validateEmailCode,
    send: sendEmailCode,
    resendSeconds: EMAIL_CODE_RESEND_SECONDS,
    sendErrorOnTarget: true,
    async save(email, code) {
      const reply = await setEmail(email, code);
      notify.success(SUBSCRIPTIONS_TEXT.emailChanged);
      onChanged(reply.email);
    },
  });
  const { errors, secondsLeft } = form;

  const counting = secondsLeft > 0;
  return (
    <Dialog open={open} onClose={onClose} label={SUBSCRIPTIONS_TEXT.changeEmailTitle} size="small">
      <div className="sub-dialog">
        <p className="sub-field__hint">
          {SUBSCRIPTIONS_TEXT.currentEmail}：{currentEmail || SUBSCRIPTIONS_TEXT.emailNone}
        </p>
        <div className="sub-field">
          <label className="sub-field__label" htmlFor="change-email-new">
            {SUBSCRIPTIONS_TEXT.newEmail}
          </label>
          <input
            id="change-email-new"
            className="sub-input"
            type="email"
            autoComplete="email"
            placeholder={SUBSCRIPTIONS_TEXT.newEmailPlaceholder}
            value={form.target}
            onChange={(event) => form.setTarget(event.target.value)}
            aria-invalid={errors.target ? true : undefined}
          />
          {errors.target && (
            <p className="sub-error" role="alert">
              {errors.target}
            </p>
          )}
        </div>
        <div className="sub-field">
          <label className="sub-field__label" htmlFor="change-email-code">
            {SUBSCRIPTIONS_TEXT.code}
          </label>
          <div className="sub-add">
            <input
              id="change-email-code"
              className="sub-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={SUBSCRIPTIONS_TEXT.codePlaceholder}
              value={form.code}
              onChange={(event) => form.setCode(event.target.value)}
              aria-invalid={errors.code ? true : undefined}
            />
            <button
              type="button"
              className="sub-button"
              onClick={() => void form.onSend()}
              disabled={counting || form.sending}
            >
              {counting
                ? SUBSCRIPTIONS_TEXT.resendIn(secondsLeft)
                : form.sending
                  ? SUBSCRIPTIONS_TEXT.sending
                  : SUBSCRIPTIONS_TEXT.sendCode}
            </button>
          </div>
          {errors.code && (
            <p className="sub-error" role="alert">
              {errors.code}
            </p>
          )}
        </div>
        <div className="sub-actions">
          <button type="button" className="sub-button" onClick={onClose}>
            {SUBSCRIPTIONS_TEXT.cancel}
          </button>
          <button
            type="button"
            className="sub-button sub-button--primary"
            onClick={() => void form.onConfirm()}
            disabled={form.saving}
          >
            {SUBSCRIPTIONS_TEXT.confirm}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
