import type { Database } from 'better-sqlite3';
import { keywordMatch } from './fts5-match.ts';
import {
  chunks,
  NOTHING_TO_RESTAMP,
  RESTAMP_BATCH,
  RESTAMP_WORDS_PER_MATCH,
  restampTerm,
  type RestampStep,
} from './word-restamp.ts';

type Row = { ord: number; doc_id: string };

/**
 * The re-stamp pass on SQLite (word-restamp.ts): one immediate transaction per step. A level's
 * documents come from the `dict_id` index in rowid (publish) order: SQLite's index entries end
 * with the rowid.
 */
export function createSqliteRestamp(db: Database) {
  const lowest = db.prepare('SELECT min(dict_id) FROM search_docs').pluck();
  const batch = db.prepare(
    'SELECT ord, doc_id FROM search_docs WHERE dict_id = ? AND ord > ? ORDER BY ord LIMIT ?',
  );
  const wordsBetween = db
    .prepare('SELECT word FROM search_words WHERE id > ? AND id <= ? ORDER BY id')
    .pluck();
  const matching = db
    .prepare('SELECT rowid FROM search_fts WHERE search_fts MATCH ? AND rowid BETWEEN ? AND ?')
    .pluck();
  const queue = db.prepare('INSERT INTO search_rebuild (doc_id) VALUES (?) ON CONFLICT DO NOTHING');
  const raise = db.prepare('UPDATE search_docs SET dict_id = ? WHERE ord = ?');

  const step = db.transaction((after: number, stamp: number, size: number): RestampStep => {
    const level = lowest.get() as number | null;
    if (level === null || level >= stamp) {
      return NOTHING_TO_RESTAMP;
    }
    const rows = batch.all(level, BigInt(after), size) as Row[];
    const first = rows[0];
    const last = rows[rows.length - 1];
    if (!first || !last) {
      return { level, next: null, queued: 0, raised: 0 };
    }
    const held = new Set<number>();
    for (const part of chunks(wordsBetween.all(level, stamp) as string[], RESTAMP_WORDS_PER_MATCH)) {
      const match = keywordMatch(part.map(restampTerm), 'or', 'text', []);
      for (const rowid of matching.all(match, BigInt(first.ord), BigInt(last.ord)) as number[]) {
        held.add(Number(rowid));
      }
    }
    let queued = 0;
    for (const row of rows) {
      if (held.has(Number(row.ord))) {
        queue.run(row.doc_id);
        queued++;
      } else {
        raise.run(stamp, BigInt(row.ord));
      }
    }
    return {
      level,
      next: rows.length < size ? null : Number(last.ord),
      queued,
      raised: rows.length - queued,
    };
  });

  return (after: number, stamp: number, size = RESTAMP_BATCH): RestampStep =>
    step.immediate(after, stamp, size);
}
