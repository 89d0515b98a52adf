import type { Db } from '../../server/src/db/database.ts';
import { SEED_KEYWORDS } from '../../server/src/modules/subscriptions/subscription-catalogue.ts';
import { INDUSTRIES, rng } from '../search/corpus.ts';

/**
 * Generated subscribers and a day of headlines for the digest bench. Keywords: the seed
 * catalogue, the search bench's industries and 150 company-like names, picked with a skew
 * (popular topics are chosen far more often), 1–5 per subscriber.
 */
const COMPANY_STEMS = [
  '华',
  '远',
  '星',
  '宁',
  '拓',
  '海',
  '博',
  '瑞',
  '德',
  '晨',
  '启',
  '云',
  '智',
  '恒',
  '鼎',
];
const COMPANY_TAILS = ['科技', '电子', '能源', '生物', '食品', '智能', '汽车', '传媒', '新材', '医疗'];

export function benchKeywords(): string[] {
  const words = new Set<string>([...SEED_KEYWORDS, ...INDUSTRIES]);
  const r = rng(7);
  while (words.size < SEED_KEYWORDS.length + INDUSTRIES.length + 150) {
    const a = COMPANY_STEMS[Math.floor(r() * COMPANY_STEMS.length)] as string;
    const b = COMPANY_STEMS[Math.floor(r() * COMPANY_STEMS.length)] as string;
    const c = COMPANY_TAILS[Math.floor(r() * COMPANY_TAILS.length)] as string;
    if (a !== b) {
      words.add(`${a}${b}${c}`);
    }
  }
  return [...words];
}

/** Zipf-like pick: index ~ floor(n * u^2) favours the head of the list. */
function skewed(r: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(n * r() * r()));
}

const TEMPLATES = [
  (k: string, m: string) => `${k}赛道迎来新一轮融资，${m}加速布局`,
  (k: string, m: string) => `${m}发布${k}战略，三年投入超百亿`,
  (k: string) => `三季度${k}市场规模同比增长18%`,
  (k: string, m: string) => `${k}与${m}深度融合，行业格局生变`,
  (k: string) => `监管新规落地，${k}企业如何应对`,
  (k: string, m: string) => `${m}牵手头部品牌，${k}渠道再扩张`,
];

const BODY =
  '据不完全统计，今年以来相关企业新增注册量持续攀升，头部品牌纷纷加码投入。业内人士认为，' +
  '随着消费需求回暖与技术迭代加快，行业有望在未来两年保持两位数增长，但同质化竞争也将加剧。';

export type Generated = { headlines: number; subscribers: number; keywordRows: number };

export async function generate(
  db: Db,
  { subscribers, headlines, now }: { subscribers: number; headlines: number; now: number },
): Promise<Generated> {
  const words = benchKeywords();
  const r = rng(42);
  const headlineRows: {
    title: string;
    description: string;
    content: string;
    source_name: string;
    published_at: number;
    created_at: number;
  }[] = [];
  for (let i = 0; i < headlines; i++) {
    const k = words[skewed(r, words.length)] as string;
    const m = words[skewed(r, words.length)] as string;
    const title = (TEMPLATES[i % TEMPLATES.length] as (k: string, m: string) => string)(k, m);
    // Spread over the last day, in arrival order.
    const at = now - Math.floor(((headlines - i) / headlines) * 24 * 3600_000) + 1;
    headlineRows.push({
      title,
      description: `${title}。${BODY.slice(0, 40)}${k}相关公司表示，将继续关注${m}的发展机会。`,
      content: `<p>${title}</p><p>${BODY}</p><p>${k}、${m}</p>`,
      source_name: ['36氪', '界面新闻', '第一财经', '晚点LatePost', '钛媒体'][i % 5] as string,
      published_at: at - 600_000,
      created_at: at,
    });
  }
  let keywordRows = 0;
  if (db.sqlite) {
    // Raw prepared statements in one transaction: setup, not what is measured.
    const s = db.sqlite;
    const insertHeadline = s.prepare(
      'INSERT INTO headlines (title, description, content, source_name, published_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const insertUser = s.prepare(
      'INSERT INTO users (phone, nickname, email, created_at, company_type_status, keyword_status) VALUES (?, ?, ?, ?, 1, 1)',
    );
    const insertSub = s.prepare(
      'INSERT INTO user_subscriptions (user_id, subscribed, updated_at) VALUES (?, 1, ?)',
    );
    const insertKw = s.prepare(
      'INSERT INTO user_keywords (user_id, keyword, custom, shown, sort, created_at) VALUES (?, ?, 0, ?, ?, ?)',
    );
    s.transaction(() => {
      for (const h of headlineRows) {
        insertHeadline.run(h.title, h.description, h.content, h.source_name, h.published_at, h.created_at);
      }
      for (let u = 0; u < subscribers; u++) {
        const id = Number(
          insertUser.run(`1${String(u).padStart(10, '0')}`, `订阅者${u}`, `u${u}@bench.test`, now)
            .lastInsertRowid,
        );
        insertSub.run(id, now);
        for (const [sort, { keyword, shown }] of userKeywords(r, words).entries()) {
          insertKw.run(id, keyword, shown, sort, now);
          keywordRows++;
        }
      }
    })();
  } else {
    const k = db.kysely;
    for (let i = 0; i < headlineRows.length; i += 1000) {
      await k
        .insertInto('headlines')
        .values(headlineRows.slice(i, i + 1000))
        .execute();
    }
    for (let u0 = 0; u0 < subscribers; u0 += 1000) {
      const users = await k
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(1000, subscribers - u0) }, (_, j) => ({
            phone: `1${String(u0 + j).padStart(10, '0')}`,
            nickname: `订阅者${u0 + j}`,
            email: `u${u0 + j}@bench.test`,
            created_at: now,
            company_type_status: 1,
            keyword_status: 1,
          })),
        )
        .returning('id')
        .execute();
      await k
        .insertInto('user_subscriptions')
        .values(
          users.map((u) => ({
            user_id: u.id,
            company_type_id: null,
            industry_id: null,
            subscribed: 1,
            unsubscribed_at: null,
            unsubscribe_from: null,
            updated_at: now,
          })),
        )
        .execute();
      const kw = users.flatMap((u) =>
        userKeywords(r, words).map((w, sort) => ({
          user_id: u.id,
          keyword: w.keyword,
          shown: w.shown,
          custom: 0,
          sort,
          created_at: now,
        })),
      );
      keywordRows += kw.length;
      await k.insertInto('user_keywords').values(kw).execute();
    }
  }
  return { headlines, subscribers, keywordRows };
}

/** 1–5 distinct keywords; about one in ten is hidden (shown 0) as the /headlines toggle would leave it. */
function userKeywords(r: () => number, words: readonly string[]): { keyword: string; shown: number }[] {
  const n = 1 + Math.floor(r() * 5);
  const chosen = new Set<string>();
  while (chosen.size < n) {
    chosen.add(words[skewed(r, words.length)] as string);
  }
  return [...chosen].map((keyword) => ({ keyword, shown: r() < 0.1 ? 0 : 1 }));
}
