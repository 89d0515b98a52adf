import { KEYWORD_PREVIEW_DAYS, KEYWORD_PREVIEW_TOP, type TKeywordPreview } from '@portal/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { createDigestRepo, type HeadlineRow } from '../digest/digest.repo.ts';
import { HeadlineIndex } from '../digest/planner.ts';
import { PUBLISHED } from '../content/publish-status.ts';

const DAY_MS = 24 * 3600_000;

/**
 * The subscription preview: what a keyword would have matched over the last week, matched
 * exactly as the digest matches (the digest's `HeadlineIndex`), so the preview never promises
 * what the e-mail would not send. The week's headlines are segmented once and the index kept
 * while the week's published headlines are unchanged (a cheap count/max/version fingerprint),
 * so typing keywords costs a lookup, not a segmentation of every headline.
 */
export function createKeywordPreview({ db, clock }: { db: Db; clock: Clock }) {
  const digestRepo = createDigestRepo(db);
  let cached: { fingerprint: string; index: HeadlineIndex } | undefined;
  let building: Promise<HeadlineIndex> | undefined;

  async function fingerprintOf(since: number): Promise<string> {
    const row = await db.kysely
      .selectFrom('headlines')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.max('id').as('maxId'),
        eb.fn.max('updated_at').as('maxUpdated'),
        eb.fn.sum<number>('version').as('versions'),
      ])
      .where('published_at', '>', since)
      .where('status', '=', PUBLISHED)
      .executeTakeFirstOrThrow();
    return [row.n, row.maxId, row.maxUpdated, row.versions].map((v) => String(v ?? 0)).join(':');
  }

  async function indexOf(now: number): Promise<HeadlineIndex> {
    const since = now - KEYWORD_PREVIEW_DAYS * DAY_MS;
    const fingerprint = await fingerprintOf(since);
    if (cached?.fingerprint === fingerprint) {
      return cached.index;
    }
    // Concurrent previews after a change share one build.
    building ??= (async () => {
      try {
        // Any arrival time; published within the week.
        const headlines = await digestRepo.headlinesArrivedBetween(0, Number.MAX_SAFE_INTEGER, since);
        const index = new HeadlineIndex(headlines);
        cached = { fingerprint, index };
        return index;
      } finally {
        building = undefined;
      }
    })();
    return building;
  }

  return {
    async preview(keyword: string): Promise<TKeywordPreview> {
      const index = await indexOf(clock.now().getTime());
      const hits = index.hits(keyword).map((i) => index.headlines[i] as HeadlineRow);
      const top = [...hits]
        .sort((a, b) => b.published_at - a.published_at || b.id - a.id)
        .slice(0, KEYWORD_PREVIEW_TOP)
        .map((h) => ({
          id: h.id,
          title: h.title,
          source: h.source_name || '商业头条',
          published_at: Number(h.published_at),
        }));
      return { keyword, days: KEYWORD_PREVIEW_DAYS, count: hits.length, top };
    },
  };
}
