import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token of an e-mailed unsubscribe link: the user id (base 36) and an HMAC-SHA256 of it
 * under the app secret (first 16 bytes, base64url). Without the secret nobody can make a token
 * for another user, and the link works without logging in. It does not expire: a digest read
 * weeks later must still unsubscribe (RFC 8058 expects the header link to keep working).
 */
const PURPOSE = 'unsubscribe:v1';
const MAC_BYTES = 16;

function mac(secret: string, userId: number): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest().subarray(0, MAC_BYTES);
}

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId.toString(36)}.${mac(secret, userId).toString('base64url')}`;
}

/** The user id a token was made for, or null when it is malformed or not signed with `secret`. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) {
    return null;
  }
  const userId = parseInt(match[1] as string, 36);
  if (!Number.isSafeInteger(userId) || userId <= 0) {
    return null;
  }
  const given = Buffer.from(match[2] as string, 'base64url');
  const expected = mac(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
