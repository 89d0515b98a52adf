import { DETAIL_TEXT } from '../texts.ts';
import './PreviewBanner.css';

/**
 * The mark over an admin's preview (`?preview=1` from the back-office): says whether users can
 * see the item yet, so a draft is never mistaken for the published page.
 */
export function PreviewBanner({ published }: { published: boolean }) {
  return (
    <div className="preview-banner" role="status">
      <strong>{published ? DETAIL_TEXT.previewPublished : DETAIL_TEXT.previewDraft}</strong>
      <span>{DETAIL_TEXT.previewHint}</span>
    </div>
  );
}
