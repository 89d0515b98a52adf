import { MSG } from '@portal/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { CodeStore } from './code-store.ts';

export type UseCodeRules = {
  /** Whether the typed code is the stored one (each flow hashes its own way). */
  matches: (codeHash: string) => boolean;
  now: number;
  maxWrongTries: number;
  /** Runs once per wrong guess the code was checked against (the login's per-phone hourly cap). */
  onWrongTry?: () => Promise<void>;
  /** What the code allows, in the transaction that uses it: both happen or neither. */
  onUse?: (tx: Kysely<Database>) => Promise<void>;
};

/**
 * Uses up the owner's current code under the rules every code shares, with the same messages: it
 * must exist and not be expired (MSG.codeExpired), have wrong tries left (MSG.codeTooManyTries),
 * match (MSG.codeWrong, counting a try), and still be unused when it is marked used — of two
 * racing requests one wins.
 */
export async function useCode<Owner extends string | number>(
  store: CodeStore<Owner>,
  owner: Owner,
  rules: UseCodeRules,
): Promise<void> {
  const { now, maxWrongTries } = rules;
  const current = await store.current(owner);
  if (!current || current.expires_at <= now) {
    throw AppError.badRequest(MSG.codeExpired);
  }
  if (current.wrong_tries >= maxWrongTries) {
    throw AppError.badRequest(MSG.codeTooManyTries);
  }
  if (!rules.matches(current.code_hash)) {
    const tries = await store.addWrongTry(current.id, maxWrongTries);
    // Only guesses the code was checked against count: tries on a dead code reveal nothing.
    if (tries !== null) {
      await rules.onWrongTry?.();
    }
    throw AppError.badRequest(
      tries === null || tries >= maxWrongTries ? MSG.codeTooManyTries : MSG.codeWrong,
    );
  }
  if (!(await store.consume(owner, current.id, now, maxWrongTries, rules.onUse))) {
    throw AppError.badRequest(MSG.codeExpired);
  }
}
