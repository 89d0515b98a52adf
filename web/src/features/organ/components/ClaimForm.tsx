import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  MSG,
  organisationsApi,
  validateClaimContact,
  validateClaimMessage,
  validateContactText,
  type TClaimCreateInput,
  type TMessage,
} from '@portal/contract';
import { call } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errorMessage.ts';
import { notify } from '../../../api/notify.ts';

type TField = 'name' | 'contact' | 'message';
type TValues = Record<TField, string>;
type TErrors = Partial<Record<TField, TMessage>>;

export const CLAIM_FORM_TEXT = {
  heading: '或在线提交认领申请',
  name: '联系人',
  contact: '手机号或邮箱',
  contactHint: '留下邮箱可直接收到邮件回复',
  message: '认领说明',
  messagePlaceholder: '您的职位、所在部门，以及可提供的认证材料',
  submit: '提交认领申请',
  submitting: '提交中…',
};

const RULES: Record<TField, (value: string) => TMessage | null> = {
  name: validateContactText,
  contact: validateClaimContact,
  message: validateClaimMessage,
};

function check(values: TValues): TErrors {
  const errors: TErrors = {};
  for (const field of Object.keys(RULES) as TField[]) {
    const message = RULES[field](values[field]);
    if (message !== null) {
      errors[field] = message;
    }
  }
  return errors;
}

/**
 * The claim dialog's form: contact name, a phone or an e-mail, and a short message, checked by
 * the contract's rules (the server's messages); the claim lands in the back-office's claims inbox.
 */
export function ClaimForm({ companyId, onSubmitted }: { companyId: string; onSubmitted: () => void }) {
  const formId = useId();
  const [values, setValues] = useState<TValues>({ name: '', contact: '', message: '' });
  const [errors, setErrors] = useState<TErrors>({});
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  // A second click can arrive before React re-renders the disabled button.
  const inFlight = useRef(false);

  const update = (field: TField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checked) {
      setErrors(check(next));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) {
      return;
    }
    const found = check(values);
    setChecked(true);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      const body: TClaimCreateInput = { company_id: companyId, ...values };
      await call(organisationsApi.claim, body, { notify: false });
      notify.success(MSG.claimThanks);
      onSubmitted();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const row = (field: TField, input: (id: string, describedBy: string | undefined) => ReactNode) => {
    const id = `${formId}-${field}`;
    const message = errors[field];
    return (
      <div className={`organ-form__row${message ? ' organ-form__row--error' : ''}`}>
        <label htmlFor={id} className="organ-form__label--required">
          {CLAIM_FORM_TEXT[field]}
        </label>
        {input(id, message ? `${id}-error` : undefined)}
        {message && (
          <p id={`${id}-error`} className="organ-form__error" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="organ-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={CLAIM_FORM_TEXT.heading}
    >
      <p className="organ-form__intro">{CLAIM_FORM_TEXT.heading}</p>
      {row('name', (id, describedBy) => (
        <input
          id={id}
          name="name"
          autoComplete="name"
          value={values.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => update('name', e.target.value)}
        />
      ))}
      {row('contact', (id, describedBy) => (
        <input
          id={id}
          name="contact"
          autoComplete="email"
          placeholder={CLAIM_FORM_TEXT.contactHint}
          value={values.contact}
          aria-invalid={errors.contact ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => update('contact', e.target.value)}
        />
      ))}
      {row('message', (id, describedBy) => (
        <textarea
          id={id}
          name="message"
          rows={3}
          placeholder={CLAIM_FORM_TEXT.messagePlaceholder}
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => update('message', e.target.value)}
        />
      ))}
      <div className="organ-form__actions">
        <button type="submit" className="detail-btn detail-btn--primary" disabled={sending}>
          {sending ? CLAIM_FORM_TEXT.submitting : CLAIM_FORM_TEXT.submit}
        </button>
      </div>
    </form>
  );
}
