import './SourceCount.css';

/**
 * "3 个来源" on a headline card: the story was carried by that many sources (near-duplicates
 * collapse into one card, issue 18). Nothing for a story from one source.
 */
export function SourceCount({ count }: { count: number | undefined }) {
  if (count === undefined || count < 2) {
    return null;
  }
  return (
    <span className="source-count" title={`${count} 个来源报道了这条新闻`}>
      {count} 个来源
    </span>
  );
}
