import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  ContactType,
  MSG,
  validateContactForm,
  type TContactErrors,
  type TContactField,
  type TContactFormValues,
  type TContactType,
} from '@portal/contract';
import { notify } from '../../../api/notify.ts';
import { Dialog } from '../../../components/Dialog.tsx';
import { createEnquiry, useContactPrefill } from '../api.ts';
import { newSubmissionId } from '../submissionId.ts';
import { ORGAN_TEXT } from '../texts.ts';
import { errorMessage } from '../../../api/errorMessage.ts';

export type TContactDialogProps = {
  onClose: () => void;
  /** Called after the server stored the enquiry (the thanks message is already shown). */
  onSubmitted: (type: TContactType) => void;
  type: TContactType;
  companyId: string;
  productId?: string | undefined;
  organName: string;
};

type TTextField = Exclude<TContactField, 'consent'>;
const TEXT_FIELDS: readonly TTextField[] = ['company', 'department', 'job', 'name', 'email', 'phone'];

type TValues = Record<Exclude<TContactField, 'consent'>, string> & { consent: boolean };
const EMPTY: TValues = {
  company: '',
  department: '',
  job: '',
  name: '',
  email: '',
  phone: '',
  content: '',
  consent: false,
};

/**
 * The enquiry forms (spec §5): type 2 "contact us" (phone required) and type 1 "more
 * information" (a free-text need and the consent tick). Every rule is the contract's own, so
 * the form refuses exactly what the server refuses; each field shows its message under it.
 * One submission id per opened form makes a double click or a retry store one enquiry.
 */
export function ContactDialog({
  onClose,
  onSubmitted,
  type,
  companyId,
  productId,
  organName,
}: TContactDialogProps) {
  const formId = useId();
  const [values, setValues] = useState<TValues>(EMPTY);
  const [errors, setErrors] = useState<TContactErrors>({});
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  // A second click can arrive before React re-renders the disabled button.
  const inFlight = useRef(false);
  const [submissionId] = useState(newSubmissionId);
  const moreInfo = type === ContactType.moreInfo;

  const prefill = useContactPrefill(type, companyId);
  useEffect(() => {
    const p = prefill.data;
    if (!p) {
      return;
    }
    // Only fields the user has not started typing in are filled.
    setValues((v) => ({
      ...v,
      company: v.company || p.company,
      department: v.department || p.department,
      job: v.job || p.job,
      name: v.name || p.name,
      email: v.email || p.email,
      phone: v.phone || p.phone,
    }));
  }, [prefill.data]);
  useEffect(() => {
    if (prefill.isError) {
      notify.error(MSG.organListFailed);
    }
  }, [prefill.isError]);

  const form: TContactFormValues = { ...values, type };
  const update = (field: keyof TValues, value: string | boolean) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first submit, messages follow the typing.
    if (checked) {
      setErrors(validateContactForm({ ...next, type }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) {
      return;
    }
    const found = validateContactForm(form);
    setChecked(true);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      await createEnquiry({
        company_id: companyId,
        ...(productId ? { product_id: productId } : {}),
        type,
        platform: 'PC',
        ...values,
        submission_id: submissionId,
      });
      notify.success(MSG.enquiryThanks);
      onSubmitted(type);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const field = (name: TTextField, inputType = 'text') => {
    const id = `${formId}-${name}`;
    const message = errors[name];
    const required = name !== 'phone' || type === ContactType.contact;
    return (
      <div className={`organ-form__row${message ? ' organ-form__row--error' : ''}`} key={name}>
        <label htmlFor={id} className={required ? 'organ-form__label--required' : undefined}>
          {ORGAN_TEXT.form[name]}
        </label>
        <input
          id={id}
          name={name}
          type={inputType}
          value={values[name]}
          aria-invalid={message ? true : undefined}
          aria-required={required}
          aria-describedby={message ? `${id}-error` : undefined}
          autoComplete={
            name === 'email' ? 'email' : name === 'phone' ? 'tel' : name === 'name' ? 'name' : 'off'
          }
          onChange={(e) => update(name, e.target.value)}
        />
        {message && (
          <p id={`${id}-error`} className="organ-form__error" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  };

  const title = moreInfo ? ORGAN_TEXT.form.moreInfoTitle : ORGAN_TEXT.form.contactTitle;
  return (
    <Dialog open onClose={onClose} label={title}>
      <form className="organ-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="organ-form__intro">{ORGAN_TEXT.form.intro(organName)}</p>
        {TEXT_FIELDS.map((name) =>
          field(name, name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'),
        )}
        {moreInfo && (
          <div className={`organ-form__row${errors.content ? ' organ-form__row--error' : ''}`}>
            <label htmlFor={`${formId}-content`}>{ORGAN_TEXT.form.content}</label>
            <textarea
              id={`${formId}-content`}
              name="content"
              rows={3}
              value={values.content}
              placeholder={ORGAN_TEXT.form.contentPlaceholder}
              aria-invalid={errors.content ? true : undefined}
              onChange={(e) => update('content', e.target.value)}
            />
            {errors.content && (
              <p className="organ-form__error" role="alert">
                {errors.content}
              </p>
            )}
          </div>
        )}
        {moreInfo && (
          <div className={`organ-form__consent${errors.consent ? ' organ-form__row--error' : ''}`}>
            <label>
              <input
                type="checkbox"
                name="consent"
                checked={values.consent}
                onChange={(e) => update('consent', e.target.checked)}
              />
              <span>{ORGAN_TEXT.form.consent}</span>
            </label>
            {errors.consent && (
              <p className="organ-form__error" role="alert">
                {errors.consent}
              </p>
            )}
          </div>
        )}
        <div className="organ-form__actions">
          <button type="button" className="detail-btn" onClick={onClose}>
            {ORGAN_TEXT.form.cancel}
          </button>
          <button type="submit" className="detail-btn detail-btn--primary" disabled={sending}>
            {sending ? ORGAN_TEXT.form.submitting : ORGAN_TEXT.form.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
