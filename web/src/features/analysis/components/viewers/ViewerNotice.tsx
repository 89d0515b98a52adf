/** A viewer that cannot show its content says why, in place of the content (not only a toast). */
export function ViewerNotice({ message }: { message: string }) {
  return (
    <div className="viewer-notice" role="alert">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M12 7v6m0 3.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{message}</span>
    </div>
  );
}
