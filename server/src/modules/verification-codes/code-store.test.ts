import { MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.ts';
import { openTestDatabase, testDatabases, type TestDatabase } from '../../test/testApp.ts';
import { createUsers } from '../users/users.service.ts';
import { createCodeStore, EMAIL_CODES, LOGIN_CODES, type CodeStore } from './code-store.ts';
import { useCode } from './use-code.ts';

const MAX = 5;
const MINUTE = 60_000;
/** Stored hashes are 64 hex characters (a fixed-width column on PostgreSQL). */
const hashOf = (code: string) => code.repeat(32);

describe.each(testDatabases())('verification code store on %s', (kind) => {
  let t: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    await migrateToLatest(t.db);
    userId = (
      await createUsers(t.db).ensureUser({ phone: '13900000077', nickname: 'x', created_at: 0, roles: [1] })
    ).id;
  });
  afterAll(() => t.drop());

  // The same rules hold for both kinds: each test runs once per kind.
  const eachKind = async (
    check: <O extends string | number>(store: CodeStore<O>, owner: O, extra: object) => Promise<void>,
  ) => {
    await check(createCodeStore(t.db, LOGIN_CODES), '13900000077', {});
    await check(createCodeStore(t.db, EMAIL_CODES), userId, { email: 'a@example.com' });
  };

  const send = <O extends string | number>(
    store: CodeStore<O>,
    owner: O,
    extra: object,
    hash: string,
    at: number,
    forgetBefore = 0,
  ) =>
    store.replace(
      owner,
      { code_hash: hashOf(hash), sent_at: at, expires_at: at + 5 * MINUTE, ...extra },
      forgetBefore,
    );
  const use = <O extends string | number>(store: CodeStore<O>, owner: O, hash: string, now: number) =>
    useCode(store, owner, { matches: (h) => h === hashOf(hash), now, maxWrongTries: MAX });

  it('a new code replaces the earlier one, and a code works once', async () => {
    await eachKind(async (store, owner, extra) => {
      await send(store, owner, extra, 'aa', 1000);
      await send(store, owner, extra, 'bb', 2000);
      await expect(use(store, owner, 'aa', 3000)).rejects.toThrow(MSG.codeWrong);
      await use(store, owner, 'bb', 3000);
      await expect(use(store, owner, 'bb', 3000)).rejects.toThrow(MSG.codeExpired);
    });
  });

  it('expires, and stops checking after five wrong tries even for the right code', async () => {
    await eachKind(async (store, owner, extra) => {
      await send(store, owner, extra, 'cc', 10_000);
      await expect(use(store, owner, 'cc', 10_000 + 5 * MINUTE)).rejects.toThrow(MSG.codeExpired);
      await send(store, owner, extra, 'dd', 20_000);
      for (let i = 1; i < MAX; i++) {
        await expect(use(store, owner, 'zz', 20_000)).rejects.toThrow(MSG.codeWrong);
      }
      await expect(use(store, owner, 'zz', 20_000)).rejects.toThrow(MSG.codeTooManyTries);
      await expect(use(store, owner, 'dd', 20_000)).rejects.toThrow(MSG.codeTooManyTries);
    });
  });

  it('counts sends, forgets old ones, and gates the resend interval: of two racing claims one wins', async () => {
    await eachKind(async (store, owner, extra) => {
      expect(await store.countSentSince(owner, 9_000)).toBe(2);
      await send(store, owner, extra, 'ff', 30_000, 15_000);
      expect(await store.countSentSince(owner, 0)).toBe(2);
      const t0 = 100 * MINUTE;
      const claims = await Promise.all([
        store.claimSendSlot(owner, t0, t0 - MINUTE),
        store.claimSendSlot(owner, t0, t0 - MINUTE),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.claimSendSlot(owner, t0 + 30_000, t0 + 30_000 - MINUTE)).toBe(false);
      await store.releaseSendSlot(owner, t0);
      expect(await store.claimSendSlot(owner, t0 + 30_000, t0 + 30_000 - MINUTE)).toBe(true);
    });
  });

  it('what a code allows happens with its use or not at all', async () => {
    const store = createCodeStore(t.db, EMAIL_CODES);
    await send(store, userId, { email: 'b@example.com' }, 'ee', 200 * MINUTE);
    const failing = useCode(store, userId, {
      matches: (h) => h === hashOf('ee'),
      now: 200 * MINUTE,
      maxWrongTries: MAX,
      onUse: async () => {
        throw new Error('mail server gone');
      },
    });
    await expect(failing).rejects.toThrow('mail server gone');
    // Rolled back: the code is still there to use.
    await use(store, userId, 'ee', 200 * MINUTE);
  });
});
