/** Mainland mobile number: 1, then 3-9, then 9 digits (spec §5 helper pattern). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** A standard e-mail address: local@domain.tld, no spaces, one @, a dot in the domain. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Six-digit one-time code sent by SMS or e-mail. */
export const CODE_PATTERN = /^\d{6}$/;

/** Only letters, digits and Chinese characters (contact / enquiry fields). */
export const PLAIN_TEXT_PATTERN = /^[\p{L}\p{N}]*$/u;
