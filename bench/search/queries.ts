import type { SearchQuery } from '../../server/src/search/search.types.ts';
import { rareCompanies } from './corpus.ts';

/**
 * The measured query set. Word frequencies come from corpus.ts: the "common" words are in
 * sentence templates or are the top industries (each in well over 100,000 of 1M documents,
 * printed by the run), the rare ones are synthetic company names (~90 documents each).
 */
export type Category = { name: string; queries: SearchQuery[] };

const COMMON = ['市场', '增长', '新能源汽车', '消费者', '品牌', '行业'];
const RARE = rareCompanies()
  .filter((_, i) => i % 997 === 0)
  .slice(0, 12);
const PAIRS = [
  '新能源汽车 宁德时代',
  '跨境电商 品牌',
  '光伏 储能',
  '市场 增长',
  `${RARE[0] ?? ''} 市场`,
  '直播电商 私域流量',
];

const q = (keyword: string | undefined, sort: SearchQuery['sort'], page = 1): SearchQuery => ({
  keyword,
  sort,
  page,
  pageSize: 20,
});

export const COMMON_WORDS = COMMON;
export const RARE_WORDS = RARE;

export function categories(): Category[] {
  return [
    { name: '1 word, common, relevance', queries: COMMON.map((w) => q(w, 'relevance')) },
    { name: '1 word, rare, relevance', queries: RARE.map((w) => q(w, 'relevance')) },
    { name: '2 words AND, relevance', queries: PAIRS.map((w) => q(w, 'relevance')) },
    { name: 'keyword, sorted by new', queries: [...COMMON, ...RARE.slice(0, 6)].map((w) => q(w, 'new')) },
    { name: 'keyword, sorted by hot', queries: [...COMMON, ...RARE.slice(0, 6)].map((w) => q(w, 'hot')) },
    { name: 'page 50, relevance', queries: COMMON.map((w) => q(w, 'relevance', 50)) },
    { name: 'page 50, new', queries: COMMON.map((w) => q(w, 'new', 50)) },
    {
      name: 'no keyword, newest first',
      queries: [q(undefined, 'new'), q(undefined, 'new', 2), q(undefined, 'new', 10)],
    },
  ];
}
