import { ORGAN_TEXT } from '../texts.ts';

type TPagerProps = { page: number; pageSize: number; total: number; onChange: (page: number) => void };

/** Previous / next with the page position; hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onChange }: TPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) {
    return null;
  }
  return (
    <nav className="organ-pager" aria-label={ORGAN_TEXT.pager}>
      <button type="button" className="detail-btn" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {ORGAN_TEXT.prev}
      </button>
      <span className="organ-pager__where" aria-live="polite">
        {ORGAN_TEXT.pageOf(page, pages)}
      </span>
      <button
        type="button"
        className="detail-btn"
        disabled={page >= pages}
        onClick={() => onChange(page + 1)}
      >
        {ORGAN_TEXT.next}
      </button>
    </nav>
  );
}
