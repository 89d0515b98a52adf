import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an e-mailed unsubscribe link: the user id (base 36) and an HMAC-SHA256 of it
 * under the app secret (first 16 bytes, base64url). Without the secret nobody can make a token
 * for another user, and the link works without logging in. It does not expire: a digest read
 * weeks later must still unsubscribe (RFC 8058 expects the header link to keep working).
 * The digest's 不再接收 links are signed the same way over the user id and what they stop
 * (`subjectToken`), under another purpose so one kind of token never passes for the other.
 */
const PURPOSE = 'unsubscribe:v1';
const MAC_BYTES = 16;

function mac(secret: string, purpose: string, userId: number, subject = ''): Buffer {
  return createHmac('sha256', secret)
    .update(subject === '' ? `${purpose}:${userId}` : `${purpose}:${userId}:${subject}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

/**
 * Compares the MAC as text, in the one spelling `toString('base64url')` gives: decoding first
 * would also take the 15 other spellings of the same MAC whose last character differs only in the
 * 4 bits base64url decoding ignores, so one link would have several valid forms.
 */
function macMatches(given: string, expected: Buffer): boolean {
  const text = Buffer.from(given, 'latin1');
  const canonical = Buffer.from(expected.toString('base64url'), 'latin1');
  return text.length === canonical.length && timingSafeEqual(text, canonical);
}

/** The user id written as `toString(36)` writes it (no leading zeros: one form per link), or null. */
function parseUserId(text: string): number | null {
  const userId = parseInt(text, 36);
  return Number.isSafeInteger(userId) && userId > 0 && userId.toString(36) === text ? userId : null;
}

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId.toString(36)}.${mac(secret, PURPOSE, userId).toString('base64url')}`;
}

/** The user id a token was made for, or null when it is malformed or not signed with `secret`. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) {
    return null;
  }
  const userId = parseUserId(match[1] as string);
  return userId !== null && macMatches(match[2] as string, mac(secret, PURPOSE, userId)) ? userId : null;
}

/** `{user id base 36}.{subject base64url}.{mac}`: a link that acts on one thing of one user. */
export function subjectToken(secret: string, purpose: string, userId: number, subject: string): string {
  return [
    userId.toString(36),
    Buffer.from(subject, 'utf8').toString('base64url'),
    mac(secret, purpose, userId, subject).toString('base64url'),
  ].join('.');
}

/** The user and subject a `subjectToken` was made for, or null when malformed or forged. */
export function verifySubjectToken(
  secret: string,
  purpose: string,
  token: string,
): { userId: number; subject: string } | null {
  const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{1,300})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) {
    return null;
  }
  const userId = parseUserId(match[1] as string);
  const subject = Buffer.from(match[2] as string, 'base64url').toString('utf8');
  // Decoding takes other spellings of the same bytes (ignored trailing bits, invalid UTF-8
  // replaced): only the subject's own encoding is its link.
  if (userId === null || subject === '' || Buffer.from(subject, 'utf8').toString('base64url') !== match[2]) {
    return null;
  }
  return macMatches(match[3] as string, mac(secret, purpose, userId, subject)) ? { userId, subject } : null;
}
