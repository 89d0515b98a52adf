import { EMAIL_CODE_RESEND_SECONDS, MSG, SMS_CODE, type TSetEmailReply } from '@portal/contract';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { newLoginCode, sameHash, sha256Hex } from '../auth/secrets.ts';
import type { Users } from '../users/users.service.ts';
import type { CodeStore } from '../verification-codes/code-store.ts';
import { useCode } from '../verification-codes/use-code.ts';

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;

/** Limits of e-mail change codes. Mail can take a while to arrive, so a code lives 10 minutes. */
export const EMAIL_CODE = {
  ttlSeconds: 600,
  resendSeconds: EMAIL_CODE_RESEND_SECONDS,
  maxWrongTries: SMS_CODE.maxWrongTries,
  perUserPerHour: 5,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Codes are stored hashed and bound to the user and the address they were sent to. */
export function hashEmailCode(userId: number, email: string, code: string): string {
  return sha256Hex(`email-code:${userId}:${email.toLowerCase()}:${code}`);
}

export function emailCodeMail(to: string, code: string) {
  const minutes = EMAIL_CODE.ttlSeconds / 60;
  return {
    to,
    subject: `洞察门户邮箱验证码：${code}`,
    text: [
      '您好：',
      '',
      `您正在将洞察门户的接收邮箱更换为 ${to}，验证码为：${code}`,
      `验证码${minutes}分钟内有效，请勿告诉他人。如非本人操作，请忽略本邮件。`,
    ].join('\n'),
  };
}

/** GET /api/email/send/code and POST /api/user/set/email: change the receiving e-mail with a mailed code. */
export function createEmailChangeService({
  codes,
  users,
  mailer,
  clock,
}: {
  /** E-mail codes by user id (modules/verification-codes, EMAIL_CODES). */
  codes: CodeStore<number>;
  /** The address is the users module's column, set in the transaction that uses the code. */
  users: Pick<Users, 'setEmail'>;
  mailer: Mailer;
  clock: Clock;
}) {
  const now = () => clock.now().getTime();
  return {
    /** Mails a fresh 6-digit code to `email`, replacing earlier ones: one per 60 s, five an hour. */
    async sendCode(userId: number, email: string): Promise<void> {
      const t = now();
      if ((await codes.countSentSince(userId, t - HOUR_MS)) >= EMAIL_CODE.perUserPerHour) {
        throw AppError.tooManyRequests();
      }
      if (!(await codes.claimSendSlot(userId, t, t - EMAIL_CODE.resendSeconds * 1000))) {
        throw AppError.tooManyRequests(MSG.codeResendTooSoon);
      }
      const code = newLoginCode();
      await codes.replace(
        userId,
        {
          email,
          code_hash: hashEmailCode(userId, email, code),
          sent_at: t,
          expires_at: t + EMAIL_CODE.ttlSeconds * 1000,
        },
        t - DAY_MS,
      );
      await mailer.send(emailCodeMail(email, code));
    },

    /** Checks the code (one use, 10 minutes, 5 wrong tries, same address) and sets the e-mail. */
    async setEmail(userId: number, email: string, code: string): Promise<TSetEmailReply> {
      const t = now();
      // A code for another address reads as wrong: it proves nothing about this one.
      await useCode(codes, userId, {
        matches: (codeHash) => sameHash(codeHash, hashEmailCode(userId, email, code)),
        now: t,
        maxWrongTries: EMAIL_CODE.maxWrongTries,
        onUse: (tx) => users.setEmail(userId, email, tx),
      });
      return { email };
    },
  };
}
