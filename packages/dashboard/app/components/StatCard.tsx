/** How a total was taken: counted, the database's estimate ("≈ n"), or counted up to a bound ("n+"). */
export type StatKind = "exact" | "estimated" | "atLeast";

/** One number on the overview, with what it counts; the marks are read out as "about" and "more than". */
export function StatCard({
  label,
  value,
  href,
  kind = "exact",
}: {
  label: string;
  value: number;
  href?: string | undefined;
  kind?: StatKind;
}) {
  const body = (
    <>
      <span className="stat-value">
        {kind === "estimated" && (
          <>
            <span aria-hidden="true">≈ </span>
            <span className="visually-hidden">about </span>
          </>
        )}
        {kind === "atLeast" && <span className="visually-hidden">more than </span>}
        {value.toLocaleString()}
        {kind === "atLeast" && <span aria-hidden="true">+</span>}
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
