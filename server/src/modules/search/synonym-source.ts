import type { Db } from '../../db/database.ts';
import { loadUserWords } from '../../search/segmenter.ts';
import { synonymTable, type SynonymTable } from '../../search/synonyms.ts';

export type SynonymGroupRow = { id: number; words: string[]; version: number };

/** Every synonym group (table `synonym_groups`, 2026112706_synonyms), oldest first. */
export async function readSynonymGroups(db: Db): Promise<SynonymGroupRow[]> {
  const rows = await db.kysely
    .selectFrom('synonym_groups')
    .select(['id', 'words', 'version'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), words: parseWords(r.words), version: Number(r.version) }));
}

function parseWords(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string') : [];
}

/**
 * The groups as a lookup table. Members become segmenter words, so a member of five characters
 * or more (大语言模型) stays one query word and is looked up whole.
 */
export async function readSynonymTable(db: Db): Promise<SynonymTable> {
  const groups = (await readSynonymGroups(db)).map((g) => g.words);
  loadUserWords(groups.flat());
  return synonymTable(groups);
}

export type SynonymSource = {
  /** The current table: read again after `ttlMs`, or at once after this process edited a group. */
  table(): Promise<SynonymTable>;
  /** A group changed in this process (the back-office): the next search reads the table again. */
  invalidate(): void;
};

/** Edits in another process (a cluster worker) reach this one within this long. */
export const SYNONYM_TTL_MS = 5_000;

/** The synonym table for searches, kept a few seconds rather than read on every search. */
export function createSynonymSource(
  db: Db,
  ttlMs = SYNONYM_TTL_MS,
  now: () => number = () => performance.now(),
): SynonymSource {
  let cached: { at: number; table: Promise<SynonymTable> } | undefined;
  return {
    table() {
      if (!cached || now() - cached.at > ttlMs) {
        const table = readSynonymTable(db);
        cached = { at: now(), table };
        // A failed read is not kept: the next search tries again.
        table.catch(() => {
          if (cached?.table === table) {
            cached = undefined;
          }
        });
      }
      return cached.table;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
