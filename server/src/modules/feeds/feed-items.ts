import { parseFeed } from 'feedsmith';
import { absoluteLink } from './link-key.ts';

/** One feed entry in the shape every format is read into, before any check. */
export type RawItem = {
  guid: string;
  title: string;
  /** Short text (RSS description when a full body exists, Atom summary, JSON summary). */
  summary: string;
  /** The body HTML as the feed gave it (not yet sanitised). */
  html: string;
  /** Absolute http(s) link, '' when none. */
  link: string;
  /** The feed's date as text, '' when none. */
  date: string;
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' ? (v as Obj) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** A text field that may be a string or feedsmith's `{value}` (Atom text constructs, RSS guid). */
function text(v: unknown): string {
  if (typeof v === 'string') {
    return v;
  }
  if (typeof v === 'number') {
    return String(v);
  }
  const value = obj(v).value;
  return typeof value === 'string' ? value : '';
}

/**
 * Parses RSS 2.0, Atom, RDF (RSS 1.0) or JSON Feed text with feedsmith (it detects the format)
 * and reads every entry into a RawItem; relative links resolve against `baseUrl`. Throws when
 * the text is not a feed.
 */
export function readFeed(source: string, baseUrl: string): RawItem[] {
  const { format, feed } = parseFeed(source) as { format: string; feed: unknown };
  const f = obj(feed);
  switch (format) {
    case 'rss':
    case 'rdf':
      return arr(f.items).map((raw) => {
        const item = obj(raw);
        const description = text(item.description);
        const encoded = text(obj(item.content).encoded);
        const link = absoluteLink(text(item.link), baseUrl);
        const dates = arr(obj(item.dc).dates);
        return {
          guid: text(item.guid) || text(obj(item.rdf).about),
          title: text(item.title),
          summary: encoded ? description : '',
          html: encoded || description,
          link,
          date: text(item.pubDate) || text(obj(item.dc).date) || text(dates[0]),
        };
      });
    case 'atom':
      return arr(f.entries).map((raw) => {
        const entry = obj(raw);
        const links = arr(entry.links).map(obj);
        const alternate = links.find((l) => !l.rel || l.rel === 'alternate') ?? links[0];
        const summary = text(entry.summary);
        const content = text(entry.content);
        return {
          guid: text(entry.id),
          title: text(entry.title),
          summary: content ? summary : '',
          html: content || summary,
          link: absoluteLink(text(alternate?.href), baseUrl),
          date: text(entry.published) || text(entry.updated),
        };
      });
    case 'json':
      return arr(f.items).map((raw) => {
        const item = obj(raw);
        const html = text(item.content_html) || escapeText(text(item.content_text));
        return {
          guid: text(item.id),
          title: text(item.title),
          summary: text(item.summary),
          html,
          link: absoluteLink(text(item.url) || text(item.external_url), baseUrl),
          date: text(item.date_published) || text(item.date_modified),
        };
      });
    default:
      throw new Error(`unsupported feed format ${format}`);
  }
}

export function escapeText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
