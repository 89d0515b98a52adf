/** Mainland mobile number: 1, then 3-9, then 9 digits (spec §5 helper pattern). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * A standard e-mail address: dot-separated local part (no leading, trailing or double
 * dots), one @, and a domain of labels that neither start nor end with a hyphen, ending
 * in a top-level domain of letters. Check the length first (rule.ts `isEmail`).
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** Six-digit one-time code sent by SMS or e-mail. */
export const CODE_PATTERN = /^\d{6}$/;

/**
 * Only letters, decimal digits and Chinese characters (contact / enquiry fields). `\p{L}`
 * covers Han and Latin letters; `\p{Nd}` keeps 0-9 (and full-width ０-９) but not ① or ½.
 */
export const PLAIN_TEXT_PATTERN = /^[\p{L}\p{Nd}]*$/u;

/**
 * 138****0001: a phone as the portal shows it to anyone but its owner's own forms (the top bar,
 * back-office inboxes and logs) — enough to tell phones apart, not enough to collect numbers.
 * Anything too short to keep both ends is hidden whole.
 */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
