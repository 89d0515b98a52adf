import type { THeadlineSource } from '@portal/contract';
import { HEADLINES_TEXT } from '../texts.ts';

/** Publish time and source of a headline, as its full and shared pages show them. */
export function HeadlineMeta({ source, className }: { source: THeadlineSource; className: string }) {
  return (
    <p className={className}>
      <time dateTime={source.publish_time}>{source.publish_time || source.time_format}</time>
      {source.source_name && (
        <span>
          {HEADLINES_TEXT.source}：{source.source_name}
        </span>
      )}
    </p>
  );
}
