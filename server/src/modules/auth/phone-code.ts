import { MSG, SMS_CODE } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { AuthRepo } from './auth.repo.ts';
import { hashLoginCode, sameHash } from './secrets.ts';

/**
 * Uses up the SMS code sent to `phone` by GET /api/sendCode (its limits: one send per 60 s,
 * 5 per hour, per-IP budget), with the login's rules: 5 minutes, one use, 5 wrong tries.
 * Login, phone change and phone binding all prove a phone this way.
 */
export async function consumePhoneCode(
  repo: AuthRepo,
  phone: string,
  code: string,
  now: number,
): Promise<void> {
  const current = await repo.currentCode(phone);
  if (!current || current.expires_at <= now) {
    throw AppError.badRequest(MSG.codeExpired);
  }
  if (current.wrong_tries >= SMS_CODE.maxWrongTries) {
    throw AppError.badRequest(MSG.codeTooManyTries);
  }
  if (!sameHash(current.code_hash, hashLoginCode(phone, code))) {
    const tries = await repo.addWrongTry(current.id, SMS_CODE.maxWrongTries);
    throw AppError.badRequest(
      tries === null || tries >= SMS_CODE.maxWrongTries ? MSG.codeTooManyTries : MSG.codeWrong,
    );
  }
  if (!(await repo.consumeCode(current.id, now, SMS_CODE.maxWrongTries))) {
    throw AppError.badRequest(MSG.codeExpired);
  }
}
