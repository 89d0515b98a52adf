import type { QueryTerm } from './segmenter.ts';
import { isEmittedWord, loadedUserWordsSince, loadQueryWord, loadUserWords } from './segmenter.ts';

/**
 * Which user words the whole index holds as tokens wherever they occur, so that a query can
 * match them by that one token instead of the phrase of their bigrams (issue 19: at 1M
 * documents a common word's phrase reads the positions of hundreds of thousands of documents).
 *
 * A document field's tokens hold every occurrence of each Han user word of three characters or
 * more that the segmenting thread had loaded (segmenter.ts `fieldTokens`). Which words those
 * were is recorded through a registry, `search_words` (id, word), shared by every process
 * writing the index:
 * - before writing, a process registers the words it loaded that are not there yet and loads
 *   the ones other processes registered (`sync`); its *stamp* is then the largest id, and it
 *   has loaded every registered word up to it;
 * - every document is written with the stamp it was segmented under (`search_docs.dict_id`,
 *   indexed; -1 for documents written before this, or segmented elsewhere without one);
 * - a registered word is complete when its id ≤ the smallest stamp of any document. A
 *   document segmented without the word, by a process that had not loaded it yet, lowers that
 *   minimum and keeps the word on its phrase: no lock is needed for the answer to stay right.
 *
 * The minimum is read again after this process writes, and otherwise at most every
 * MIN_STAMP_TTL_MS (another node's writes): a document another node writes in that window under
 * a stamp lower than the cached minimum — it had not yet loaded a word registered moments
 * before — may be missed by a search for that word until the minimum is read again.
 * Words registered after documents were written stay on their phrase until those documents are
 * written again or stamped by the re-stamp pass (word-restamp.ts). Besides user words, the
 * built-in dictionary words readers search for are registered (segmenter.ts `loadQueryWord`).
 */
export const MIN_STAMP_TTL_MS = 1_000;

/** The registry and stamp queries of one database (SQLite or PostgreSQL). */
export type WordStampStore = {
  /** Adds the words not registered yet (ids increase in commit order). */
  register(words: readonly string[]): Promise<void>;
  /** Registered words with id > `after`, in id order. */
  wordsAfter(after: number): Promise<{ id: number; word: string }[]>;
  /** The smallest `dict_id` of any document; null when the index is empty. */
  minStamp(): Promise<number | null>;
};

/** `word` → whether every document holds it as a token (so it needs no bigram phrase). */
export type CompleteWords = (word: string) => boolean;

export class WordStamps {
  private readonly ids = new Map<string, number>();
  private stamp = 0;
  /** How many of the segmenter's loaded user words were looked at for registering. */
  private seenLoaded = 0;
  private min: number | null = -1;
  private minReadAt = -Infinity;

  constructor(
    private readonly store: WordStampStore,
    private readonly ttlMs = MIN_STAMP_TTL_MS,
  ) {}

  /**
   * Registers the user words this process loaded since the last call, loads those other
   * processes registered, and answers the stamp for documents segmented from now on.
   */
  async sync(): Promise<number> {
    const { words, count } = loadedUserWordsSince(this.seenLoaded);
    const fresh = words.filter((w) => isEmittedWord(w) && !this.ids.has(w));
    if (fresh.length > 0) {
      await this.store.register(fresh);
    }
    this.seenLoaded = count;
    return this.load();
  }

  /** Loads the words other processes registered (a search registers nothing: it would wait for writes). */
  private async load(): Promise<number> {
    const rows = await this.store.wordsAfter(this.stamp);
    if (rows.length > 0) {
      loadUserWords(rows.map((r) => r.word));
      for (const { id, word } of rows) {
        this.ids.set(word, id);
        this.stamp = Math.max(this.stamp, id);
      }
    }
    return this.stamp;
  }

  /** This process wrote documents: the minimum may have moved. */
  written(): void {
    this.minReadAt = -Infinity;
  }

  /** The words complete right now (reads the minimum stamp when the cached one is stale). */
  async complete(): Promise<CompleteWords> {
    const now = performance.now();
    if (now - this.minReadAt > this.ttlMs) {
      this.min = await this.store.minStamp();
      await this.load();
      this.minReadAt = now;
    }
    const min = this.min;
    const ids = this.ids;
    return (word) => {
      const id = ids.get(word);
      if (id === undefined) {
        // A word a reader typed that no process registered yet: loaded here, it is registered by
        // this process's next `sync` (its next write, or the re-stamp timer) and becomes
        // complete once the re-stamp pass has walked every document.
        loadQueryWord(word);
        return false;
      }
      return min === null || id <= min;
    };
  }
}

/**
 * Terms whose complete words match by their token alone. Such a word keeps one "gram": itself,
 * as a two-character word does — the token stream of bigrams holds it too (segmenter.ts), so
 * PostgreSQL's `^word` lexeme and FTS5's unfiltered token find it there.
 */
export function withCompleteWords(terms: readonly QueryTerm[], complete: CompleteWords): QueryTerm[] {
  return terms.map((term) => {
    const grams = term.grams.length > 1 && complete(term.word) ? [term.word] : term.grams;
    const alts = term.alts?.map((alt) => withCompleteWords(alt, complete));
    return alts === undefined ? { ...term, grams } : { ...term, grams, alts };
  });
}
