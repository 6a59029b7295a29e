/** One number on the overview, with what it counts; `estimated` shows it as "about" (≈, read out as such). */
export function StatCard({
  label,
  value,
  href,
  estimated = false,
}: {
  label: string;
  value: number;
  href?: string | undefined;
  estimated?: boolean;
}) {
  const body = (
    <>
      <span className="stat-value">
        {estimated && (
          <>
            <span aria-hidden="true">≈ </span>
            <span className="visually-hidden">about </span>
          </>
        )}
        {value.toLocaleString()}
      </span>
      <span className="stat-label">{label}</span>
    </>
  );
  return (
    <li className="card stat" data-testid="stat">
      {href ? (
        <a className="stat-body" href={href}>
          {body}
        </a>
      ) : (
        <div className="stat-body">{body}</div>
      )}
    </li>
  );
}
