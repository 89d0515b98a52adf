import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE } from '@portal/contract';

/** A session token: 32 random bytes (256 bits), base64url — 43 characters. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export const SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A uniformly random 6-digit login code (leading zeros kept). */
export function newLoginCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE.length)).padStart(SMS_CODE.length, '0');
}

/** Codes are stored hashed and bound to their phone. */
export function hashLoginCode(phone: string, code: string): string {
  return sha256Hex(`login-code:${phone}:${code}`);
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
