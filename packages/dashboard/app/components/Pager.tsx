/** Props of {@link Pager}. */
export interface PagerProps {
  offset: number;
  limit: number;
  total: number;
  busy?: boolean;
  onChange: (offset: number) => void;
}

/** "1–25 of 130" with previous and next buttons. */
export function Pager({ offset, limit, total, busy, onChange }: PagerProps) {
  if (total <= limit && offset === 0) return null;
  const last = Math.min(offset + limit, total);
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted">
        {offset + 1}–{last} of {total}
      </span>
      <button
        type="button"
        className="button small"
        disabled={busy || offset === 0}
        onClick={() => onChange(Math.max(0, offset - limit))}
      >
        Previous
      </button>
      <button
        type="button"
        className="button small"
        disabled={busy || last >= total}
        onClick={() => onChange(offset + limit)}
      >
        Next
      </button>
    </nav>
  );
}
