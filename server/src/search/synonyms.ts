import { normalizeToken, queryTerms, type QueryTerm } from './segmenter.ts';

/**
 * Synonym groups at query time (issue 19): a query word that belongs to a group also matches
 * every other word of the group (宁德时代 / CATL / 300750), and a word typed in traditional
 * characters also matches its simplified spelling (人工智慧 → 人工智能 needs a group: the word
 * differs; 電動車 → 电动车 is the character table below). Nothing is indexed differently:
 * the alternatives are OR-ed into the term (`QueryTerm.alts`), on both engines and in the
 * digest's matcher, so an edit of a group applies to the next search.
 */

/** Group member key → the other members of its groups, as the admin wrote them. */
export type SynonymTable = ReadonlyMap<string, readonly string[]>;

/** How a word is looked up: the segmenter's normalisation (NFKC, lower case, letters and digits) joined. */
export function synonymKey(word: string): string {
  return normalizeToken(word).join('');
}

/** The lookup table of some groups; a word in several groups gets every other member of each. */
export function synonymTable(groups: readonly (readonly string[])[]): SynonymTable {
  const table = new Map<string, string[]>();
  for (const group of groups) {
    for (const word of group) {
      const key = synonymKey(word);
      if (key === '') {
        continue;
      }
      const others = table.get(key) ?? [];
      for (const other of group) {
        if (synonymKey(other) !== key && !others.includes(other)) {
          others.push(other);
        }
      }
      table.set(key, others);
    }
  }
  return table;
}

/**
 * Common traditional characters of business text and their simplified forms. Not a full
 * converter (that is a dictionary of thousands of characters and phrase rules); words whose
 * spelling differs beyond characters (人工智慧 / 人工智能, 軟體 / 软件) belong in the synonym groups.
 */
const TRADITIONAL =
  '們们個个國国學学會会說说時时間间為为與与業业產产經经濟济發发電电動动車车開开關关機机資资標标網网絡络' +
  '數数據据術术際际價价務务貨货幣币場场運运營营創创醫医藥药療疗東东區区華华廣广體体聯联應应實实現现點点' +
  '線线門门問问題题報报導导頭头條条議议論论計计設设語语讀读書书買买賣卖費费貿贸銷销鐵铁鋼钢鋰锂礦矿氣气' +
  '雲云號号億亿萬万長长張张陽阳風风飛飞龍龙馬马軟软處处歸归專专訊讯證证險险額额隊队農农廠厂裝装組组' +
  '織织構构擬拟視视頻频聽听戶户權权總总員员競竞爭争環环態态節节約约儲储優优勢势錢钱銀银' +
  '獲获勝胜遠远達达邊边進进選选連连這这還还過过錄录鏈链級级積积極极標标準准質质團团園园圖图層层屬属' +
  '漲涨灣湾滬沪廈厦愛爱嚴严隨随雜杂雙双顯显驗验體体麥麦齊齐龜龟寶宝寫写彈弹壓压廳厅歷历幾几';

const SIMPLIFIED = new Map<string, string>();
for (let i = 0; i + 1 < TRADITIONAL.length; i += 2) {
  SIMPLIFIED.set(TRADITIONAL[i] as string, TRADITIONAL[i + 1] as string);
}

/** `word` with the table's traditional characters simplified (unchanged when it holds none). */
export function simplified(word: string): string {
  let out = '';
  for (const ch of word) {
    out += SIMPLIFIED.get(ch) ?? ch;
  }
  return out;
}

/** At most this many alternatives per query word (a group of 40 members stays a small query). */
const MAX_ALTS = 8;

/** The alternatives of one query word: its simplified spelling and its groups' other members. */
function alternativesOf(word: string, table: SynonymTable): string[] {
  const simple = simplified(word);
  const out: string[] = [];
  if (simple !== word) {
    out.push(simple);
  }
  for (const key of new Set([word, simple])) {
    for (const other of table.get(key) ?? []) {
      if (synonymKey(other) !== word && !out.includes(other)) {
        out.push(other);
      }
    }
  }
  return out.slice(0, MAX_ALTS);
}

/**
 * `terms` with each word's alternatives attached (`QueryTerm.alts`: each alternative is the AND
 * of its own words, as typed in the search box). `used` lists the alternatives, as written in
 * the groups, for the results page (已同时搜索同义词：CATL、300750).
 */
export function withSynonyms(
  terms: readonly QueryTerm[],
  table: SynonymTable | undefined,
): { terms: QueryTerm[]; used: string[] } {
  const used: string[] = [];
  const out = terms.map((term) => {
    const alts: QueryTerm[][] = [];
    for (const other of alternativesOf(term.word, table ?? EMPTY)) {
      const words = queryTerms(other, true);
      if (words.length === 0 || (words.length === 1 && words[0]?.word === term.word)) {
        continue;
      }
      alts.push(words);
      if (!used.includes(other)) {
        used.push(other);
      }
    }
    return alts.length > 0 ? { ...term, alts } : term;
  });
  return { terms: out, used };
}

const EMPTY: SynonymTable = new Map();

/**
 * Whether any word of `keyword` can have an alternative: it holds a traditional character or a
 * group member. Every query word is a piece of the keyword's normalised letters and digits, so
 * a keyword holding neither was searched without alternatives — known without segmenting it
 * again (a search page's keyword is segmented by the engine already; jieba is the costly part).
 */
function mayHaveAlternatives(keyword: string, table: SynonymTable | undefined): boolean {
  const joined = normalizeToken(keyword).join('');
  if (simplified(joined) !== joined) {
    return true;
  }
  for (const key of (table ?? EMPTY).keys()) {
    if (joined.includes(key)) {
      return true;
    }
  }
  return false;
}

/** What the results page names: the alternatives a keyword was searched with (both match stages). */
export function searchedSynonyms(keyword: string, table: SynonymTable | undefined): string[] {
  if (keyword.trim() === '' || !mayHaveAlternatives(keyword, table)) {
    return [];
  }
  const exact = withSynonyms(queryTerms(keyword, true), table).used;
  const words = withSynonyms(queryTerms(keyword), table).used;
  return [...new Set([...exact, ...words])];
}
