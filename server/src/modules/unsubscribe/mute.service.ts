import { MSG, type TDigestMuteInfo } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../platform/clock.ts';
import { createAlertsRepo } from '../alerts/alerts.repo.ts';
import { createSubscriptionsRepo } from '../subscriptions/subscriptions.repo.ts';
import { subjectToken, verifySubjectToken } from './unsubscribe-token.ts';

/** Signs 不再接收 links only: an unsubscribe token never passes for one (nor the other way). */
const PURPOSE = 'digest-mute:v1';

/** What a digest section's 不再接收 link stops: one keyword, or one search alert. */
export type MuteSubject = { kind: 'keyword'; keyword: string } | { kind: 'alert'; alertId: number };

function subjectText(s: MuteSubject): string {
  return s.kind === 'keyword' ? `k:${s.keyword}` : `a:${s.alertId}`;
}

function parseSubject(text: string): MuteSubject | null {
  if (text.startsWith('k:') && text.length > 2) {
    return { kind: 'keyword', keyword: text.slice(2) };
  }
  const alert = /^a:(\d{1,10})$/.exec(text);
  return alert ? { kind: 'alert', alertId: Number(alert[1]) } : null;
}

export function muteToken(secret: string, userId: number, subject: MuteSubject): string {
  return subjectToken(secret, PURPOSE, userId, subjectText(subject));
}

export type MuteService = ReturnType<typeof createMuteService>;

/**
 * The digest's signed one-click 不再接收 links. A forged token, or one whose keyword or alert
 * is gone (stale), changes nothing and says which; a valid one mutes the keyword (it stays on
 * /headlines) or pauses the alert, both undone on /keyword_setting. Works without logging in.
 */
export function createMuteService({ db, clock, secret }: { db: Db; clock: Clock; secret: string }) {
  const keywords = createSubscriptionsRepo(db);
  const alerts = createAlertsRepo(db);

  function read(token: string): { userId: number; subject: MuteSubject } {
    const verified = verifySubjectToken(secret, PURPOSE, token);
    const subject = verified ? parseSubject(verified.subject) : null;
    if (!verified || !subject) {
      throw AppError.badRequest(MSG.muteLinkInvalid);
    }
    return { userId: verified.userId, subject };
  }

  async function info(userId: number, subject: MuteSubject): Promise<TDigestMuteInfo> {
    if (subject.kind === 'keyword') {
      const row = (await keywords.keywordsOf(userId)).find((k) => k.keyword === subject.keyword);
      if (!row) {
        throw AppError.badRequest(MSG.muteLinkStale);
      }
      return { kind: 'keyword', label: row.keyword, muted: row.muted_at === null ? 0 : 1 };
    }
    const alert = await alerts.find(userId, subject.alertId);
    if (!alert) {
      throw AppError.badRequest(MSG.muteLinkStale);
    }
    return { kind: 'alert', label: alert.query, muted: alert.paused_at === null ? 0 : 1 };
  }

  return {
    async info(token: string): Promise<TDigestMuteInfo> {
      const { userId, subject } = read(token);
      return info(userId, subject);
    },

    /** Idempotent: a second click keeps the first mute's time. */
    async mute(token: string): Promise<TDigestMuteInfo> {
      const { userId, subject } = read(token);
      const before = await info(userId, subject);
      if (before.muted === 0) {
        const now = clock.now().getTime();
        if (subject.kind === 'keyword') {
          await keywords.setMutedAt(userId, subject.keyword, now);
        } else {
          await alerts.setPausedAt(userId, subject.alertId, now);
        }
      }
      return { ...before, muted: 1 };
    },
  };
}
