import type { TNote } from '@portal/contract';
import { internalPath, MSG } from '@portal/contract';
import { detailPath } from '../../components/detailPath.ts';
import { pagePath } from '../../entities/detail/usePageParam.ts';
import { NOTES_TEXT } from '../../entities/notes/texts.ts';

/** The detail page of the item a note is on. */
export function itemLink(note: TNote): string | null {
  return detailPath({ _id: note.data_id, _index: note.data_type, _source: { anal_data_ext: '' } as never });
}

/** Where a note leads back to: its page when it has one, else the page it was written on, else its item. */
export function noteLink(note: TNote): string | null {
  const item = internalPath(note.url) ?? itemLink(note);
  if (item === null) {
    return null;
  }
  return note.page === null ? item : pagePath(item, note.page);
}

/** Markdown special characters typed by the user, escaped so they stay text. */
const escape = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
const quoted = (text: string) =>
  text
    .split('\n')
    .map((line) => `> ${escape(line)}`)
    .join('\n');

/**
 * The user's notes and highlights as one Markdown document (issue 21, 导出 Markdown): a section
 * per item, newest note first, each highlight quoted with a link to its page.
 */
export function notesMarkdown(notes: readonly TNote[], origin: string, exportedAt: string): string {
  const groups = new Map<string, TNote[]>();
  for (const note of notes) {
    const key = `${note.data_type}:${note.data_id}`;
    groups.set(key, [...(groups.get(key) ?? []), note]);
  }
  const out = [`# ${NOTES_TEXT.exportTitle}`, '', `导出时间：${exportedAt}`, ''];
  for (const group of groups.values()) {
    const first = group[0] as TNote;
    const title = escape(first.source_name || NOTES_TEXT.goneSource);
    const link = first.source_name ? itemLink(first) : null;
    out.push(link ? `## [${title}](${origin}${link})` : `## ${title}`, '');
    for (const note of group) {
      if (note.highlight) {
        out.push(quoted(note.highlight.quote), '');
      }
      if (note.content) {
        out.push(escape(note.content), '');
      }
      const where = note.page === null ? [] : [NOTES_TEXT.pageN(note.page)];
      const link = note.page !== null ? noteLink(note) : null;
      const page = link && note.source_name ? `[${where[0]}](${origin}${link})` : where[0];
      const unplaced = note.page !== null && !note.placed ? `（${MSG.highlightUnplaced}）` : '';
      out.push(`— ${[note.create_time, page].filter(Boolean).join(' · ')}${unplaced}`, '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
