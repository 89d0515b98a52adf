import { z } from 'zod';
import type { TMessage } from '../messages.ts';
import { MSG } from '../messages.ts';
import { CONTACT_CONTENT_MAX_COUNTED, CONTACT_TEXT_MAX_COUNTED } from '../constants.ts';
import { idField } from './fields.ts';
import { PHONE_PATTERN, PLAIN_TEXT_PATTERN } from './patterns.ts';
import type { TFormText } from './rule.ts';
import { email, matches, maxCounted, optionalRule, required, textRule } from './rule.ts';

/**
 * The organisation enquiry forms (spec §5). Type 1 asks for more information about a
 * product (consent tick required, phone optional); type 2 is the contact form (phone
 * required). Everything else is the same for both.
 */
export const ContactType = { moreInfo: 1, contact: 2 } as const;
export type TContactType = (typeof ContactType)[keyof typeof ContactType];

/**
 * job, company, department, name. Checks run required → special characters → length, so a
 * user first fixes what is wrong with the text, then how long it is. Leading and trailing
 * spaces are trimmed; a space inside the text is a special character.
 */
export const validateContactText = textRule(
  required(MSG.contactRequired),
  matches(PLAIN_TEXT_PATTERN, MSG.contactSpecialChars),
  maxCounted(CONTACT_TEXT_MAX_COUNTED, MSG.contactTooLong),
);

/** Required for both types: it is how the organisation answers. */
export const validateContactEmail = textRule(required(MSG.contactRequired), email(MSG.contactEmail));

const requiredPhone = textRule(required(MSG.contactRequired), matches(PHONE_PATTERN, MSG.contactPhone));
const optionalPhone = optionalRule(requiredPhone);

/** Mainland mobile; required for type 2, optional but checked when given for type 1. */
export function validateContactPhone(value: TFormText, type: TContactType): TMessage | null {
  return type === ContactType.contact ? requiredPhone(value) : optionalPhone(value);
}

/** Optional more-info text, at most 400 counted characters (its message says 200, as the spec does). */
export const validateContactContent = textRule(
  maxCounted(CONTACT_CONTENT_MAX_COUNTED, MSG.contactContentTooLong),
);

/** The consent tick is required on the type 1 form only. */
export function validateConsent(consent: boolean | null | undefined, type: TContactType): TMessage | null {
  return type === ContactType.moreInfo && consent !== true ? MSG.consentRequired : null;
}

export const CONTACT_TEXT_FIELDS = ['company', 'department', 'job', 'name'] as const;

/** The values of either form as the user fills them in. */
export type TContactFormValues = {
  type: TContactType;
  company: TFormText;
  department: TFormText;
  job: TFormText;
  name: TFormText;
  email: TFormText;
  phone: TFormText;
  content: TFormText;
  consent?: boolean | null | undefined;
};
export type TContactField = (typeof CONTACT_TEXT_FIELDS)[number] | 'email' | 'phone' | 'content' | 'consent';
export type TContactErrors = Partial<Record<TContactField, TMessage>>;

/** Every rule of the form at once, keyed by field; `{}` when the form may be sent. */
export function validateContactForm(form: TContactFormValues): TContactErrors {
  const found: [TContactField, TMessage | null][] = [
    ...CONTACT_TEXT_FIELDS.map((field): [TContactField, TMessage | null] => [
      field,
      validateContactText(form[field]),
    ]),
    ['email', validateContactEmail(form.email)],
    ['phone', validateContactPhone(form.phone, form.type)],
    ['content', validateContactContent(form.content)],
    ['consent', validateConsent(form.consent, form.type)],
  ];
  const errors: TContactErrors = {};
  for (const [field, message] of found) {
    if (message !== null) {
      errors[field] = message;
    }
  }
  return errors;
}

/** A client-drawn submission id: 8-64 letters, digits and hyphens (a UUID fits). */
export const SUBMISSION_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** Text the rules above check; the shape only trims it and lets a missing field read as empty. */
const formText = z.string({ error: MSG.badRequest }).trim().default('');

/**
 * POST /api/company/contact/create. Ids and `type` are checked by shape; every user-typed
 * field by `validateContactForm`, so the server refuses exactly what the form refuses.
 */
export const ZContactCreateRequest = z
  .object({
    company_id: idField,
    /** Absent when the contact form is opened from the organisation page rather than a product. */
    product_id: idField.optional(),
    type: z.literal([ContactType.moreInfo, ContactType.contact], { error: MSG.badRequest }),
    /** Where the enquiry was made (free text from the client, e.g. "PC"). */
    platform: z.string({ error: MSG.badRequest }).trim().max(50, { error: MSG.badRequest }).default(''),
    company: formText,
    department: formText,
    job: formText,
    name: formText,
    email: formText,
    phone: formText,
    content: formText,
    consent: z.boolean({ error: MSG.badRequest }).default(false),
    /**
     * Ours: an id the client draws once per form submission (a UUID) and sends again on a
     * retry or a double click, so the enquiry is stored once. Clients that send none are
     * de-duplicated by the form's content instead (see the enquiries service).
     */
    submission_id: z
      .string({ error: MSG.badRequest })
      .trim()
      .regex(SUBMISSION_ID_PATTERN, { error: MSG.badRequest })
      .optional(),
  })
  .superRefine((form, ctx) => {
    for (const [field, message] of Object.entries(validateContactForm(form))) {
      ctx.addIssue({ code: 'custom', message, path: [field] });
    }
  });
export type TContactCreateRequest = z.infer<typeof ZContactCreateRequest>;
export type TContactCreateInput = z.input<typeof ZContactCreateRequest>;
