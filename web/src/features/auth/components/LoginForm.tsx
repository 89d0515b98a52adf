import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { TLoginReply } from '@portal/contract';
import { MSG, SMS_CODE, STATIC_ROUTES, validateCode, validatePhone } from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { login, sendCode } from '../../../entities/auth/api.ts';
import { AUTH_TEXT } from '../texts.ts';
import { useCountdown } from '../../../components/useCountdown.ts';

type TField = 'phone' | 'code';
type TErrors = Partial<Record<TField, string>>;

/**
 * Phone + SMS code login without antd (the login route's budget is 100 KiB of JavaScript).
 * Validation uses the contract's rules and messages; after a code is sent the button counts
 * down 60 s. Server refusals (wrong code, too many requests) arrive as toasts from the client.
 */
export function LoginForm({
  onLoggedIn,
  submit = login,
  submitLabel = AUTH_TEXT.submit,
}: {
  onLoggedIn: (reply: TLoginReply) => void;
  /** What the phone and code are sent to: login, or binding a third-party account (/phone_verify). */
  submit?: (phone: string, code: string) => Promise<TLoginReply>;
  submitLabel?: string;
}) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { secondsLeft, start } = useCountdown();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const edit = (field: TField, value: string) => {
    (field === 'phone' ? setPhone : setCode)(value);
    if (errors[field]) {
      setErrors({ ...errors, [field]: undefined });
    }
  };

  const onSend = async () => {
    const phoneError = validatePhone(phone);
    setErrors({ ...errors, phone: phoneError ?? undefined });
    if (phoneError) {
      phoneRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      await sendCode(phone.trim());
      start(SMS_CODE.resendSeconds);
      notify.success(MSG.codeSent);
      codeRef.current?.focus();
    } catch {
      // The client has shown the server's message (e.g. 验证码发送过于频繁).
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) {
      return;
    }
    const next: TErrors = { phone: validatePhone(phone) ?? undefined, code: validateCode(code) ?? undefined };
    setErrors(next);
    if (next.phone || next.code) {
      (next.phone ? phoneRef : codeRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const reply = await submit(phone.trim(), code.trim());
      onLoggedIn(reply);
    } catch {
      setSubmitting(false);
    }
  };

  const counting = secondsLeft > 0;
  const sendLabel = counting
    ? AUTH_TEXT.resendIn(secondsLeft)
    : sending
      ? AUTH_TEXT.sending
      : AUTH_TEXT.sendCode;

  // The form comes rendered from the server (server/src/http/ssr.ts). Its fields carry no
  // `name`: Enter pressed before the code has taken it over submits it natively, and named
  // fields would put the phone number (and a code) into the address and the server's log.
  return (
    <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="login-field">
        <label className="login-field__label" htmlFor="login-phone">
          {AUTH_TEXT.phoneLabel}
        </label>
        <div className="login-input" data-invalid={errors.phone ? '' : undefined}>
          <span className="login-input__prefix" aria-hidden="true">
            {AUTH_TEXT.phonePrefix}
          </span>
          <input
            ref={phoneRef}
            id="login-phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={11}
            placeholder={AUTH_TEXT.phonePlaceholder}
            value={phone}
            onChange={(event) => edit('phone', event.target.value)}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? 'login-phone-error' : undefined}
          />
        </div>
        {errors.phone && (
          <p id="login-phone-error" className="login-field__error" role="alert">
            {errors.phone}
          </p>
        )}
      </div>

      <div className="login-field">
        <label className="login-field__label" htmlFor="login-code">
          {AUTH_TEXT.codeLabel}
        </label>
        <div className="login-code-row">
          <div className="login-input" data-invalid={errors.code ? '' : undefined}>
            <input
              ref={codeRef}
              id="login-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SMS_CODE.length}
              placeholder={AUTH_TEXT.codePlaceholder}
              value={code}
              onChange={(event) => edit('code', event.target.value)}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? 'login-code-error' : undefined}
            />
          </div>
          <button
            type="button"
            className="login-send"
            onClick={() => void onSend()}
            disabled={counting || sending}
          >
            {sendLabel}
          </button>
        </div>
        {errors.code && (
          <p id="login-code-error" className="login-field__error" role="alert">
            {errors.code}
          </p>
        )}
      </div>

      <button type="submit" className="login-submit" disabled={submitting}>
        {submitting ? AUTH_TEXT.submitting : submitLabel}
      </button>

      <p className="login-form__hint">{AUTH_TEXT.newUserHint}</p>
      <p className="login-form__agreement">
        {AUTH_TEXT.agreementPrefix}
        <Link to={STATIC_ROUTES.userPrivate.path}>{AUTH_TEXT.agreementLink}</Link>
      </p>
    </form>
  );
}
