import { useEffect, useState } from 'react';
import { EMAIL_CODE_RESEND_SECONDS, MSG, validateEmailCode, validateNewEmail } from '@portal/contract';
import { ApiError } from '../../../api/client.ts';
import { notify } from '../../../api/notify.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { useCountdown } from '../../auth/components/useCountdown.ts';
import { sendEmailCode, setEmail } from '../api.ts';
import { SUBSCRIPTIONS_TEXT } from '../texts.ts';
import './subscriptions.css';

type TProps = {
  open: boolean;
  currentEmail: string;
  onClose: () => void;
  onChanged: (email: string) => void;
};

type TErrors = { email?: string | null; code?: string | null };

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : MSG.serverError);

/**
 * 更换接收邮箱: the new address, a mailed 6-digit code with a 60 s resend countdown, then
 * POST /api/user/set/email. Used by /keyword_setting and the personal settings page.
 */
export function ChangeEmailDialog({ open, currentEmail, onClose, onChanged }: TProps) {
  const [email, setEmailText] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);
  const { secondsLeft, start } = useCountdown();

  useEffect(() => {
    if (open) {
      setCode('');
      setErrors({});
    }
  }, [open]);

  const onSend = async () => {
    const problem = validateNewEmail(email);
    setErrors({ ...errors, email: problem });
    if (problem) {
      return;
    }
    setSending(true);
    try {
      await sendEmailCode(email.trim());
      start(EMAIL_CODE_RESEND_SECONDS);
      notify.success(MSG.codeSent);
    } catch (error) {
      setErrors({ ...errors, email: messageOf(error) });
    } finally {
      setSending(false);
    }
  };

  const onConfirm = async () => {
    const next = { email: validateNewEmail(email), code: validateEmailCode(code) };
    setErrors(next);
    if (next.email || next.code) {
      return;
    }
    setSaving(true);
    try {
      const reply = await setEmail(email.trim(), code.trim());
      notify.success(SUBSCRIPTIONS_TEXT.emailChanged);
      onChanged(reply.email);
      setEmailText('');
    } catch (error) {
      setErrors({ code: messageOf(error) });
    } finally {
      setSaving(false);
    }
  };

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
            value={email}
            onChange={(event) => {
              setEmailText(event.target.value);
              setErrors({ ...errors, email: null });
            }}
            aria-invalid={errors.email ? true : undefined}
          />
          {errors.email && (
            <p className="sub-error" role="alert">
              {errors.email}
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
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setErrors({ ...errors, code: null });
              }}
              aria-invalid={errors.code ? true : undefined}
            />
            <button
              type="button"
              className="sub-button"
              onClick={() => void onSend()}
              disabled={counting || sending}
            >
              {counting
                ? SUBSCRIPTIONS_TEXT.resendIn(secondsLeft)
                : sending
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
            onClick={() => void onConfirm()}
            disabled={saving}
          >
            {SUBSCRIPTIONS_TEXT.confirm}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
