/** One number on the overview, with what it counts. */
export function StatCard({ label, value, href }: { label: string; value: number; href?: string | undefined }) {
  const body = (
    <>
      <span className="stat-value">{value.toLocaleString()}</span>
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
