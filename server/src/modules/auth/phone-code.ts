import { MSG, SMS_CODE } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { useCode } from '../verification-codes/use-code.ts';
import type { AuthRepo } from './auth.repo.ts';
import { hashLoginCode, sameHash } from './secrets.ts';

/**
 * The cap on wrong codes per phone across all its codes (LOGIN_WRONG_CODES_PER_HOUR): without it
 * each new code would bring 5 fresh guesses, so 10 codes a day would allow 50.
 */
export type WrongCodeLimit = { limiter: RateLimiter; perHour: number };

const HOUR_SECONDS = 3600;
const wrongCodeKey = (phone: string) => `wrong-code:${phone}`;

/**
 * Uses up the SMS code sent to `phone` by GET /api/sendCode (its limits: one send per 60 s,
 * 5 per hour, per-IP budget), with the login's rules: 5 minutes, one use, 5 wrong tries.
 * Login, phone change and phone binding all prove a phone this way, under one `wrongCodes` cap: a phone
 * that entered too many wrong codes within the hour gets 429 before any code is looked at —
 * the same reply for registered and unregistered phones, and even the right code is refused.
 */
export async function consumePhoneCode(
  repo: AuthRepo,
  phone: string,
  code: string,
  now: number,
  wrongCodes: WrongCodeLimit,
): Promise<void> {
  if ((await wrongCodes.limiter.recent(wrongCodeKey(phone), HOUR_SECONDS)) >= wrongCodes.perHour) {
    throw AppError.tooManyRequests(MSG.codeWrongTooOften);
  }
  await useCode(repo.codes, phone, {
    matches: (codeHash) => sameHash(codeHash, hashLoginCode(phone, code)),
    now,
    maxWrongTries: SMS_CODE.maxWrongTries,
    onWrongTry: () => wrongCodes.limiter.record(wrongCodeKey(phone), HOUR_SECONDS),
  });
}
