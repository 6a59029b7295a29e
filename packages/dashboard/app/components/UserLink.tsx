import { can, useDashboard } from "../context.js";
import { href } from "../route.js";

/** A user id as a link to their page when this admin may open it; shortened, full id in the tooltip. */
export function UserLink({ id, label }: { id: string | null | undefined; label?: string | undefined }) {
  const { me } = useDashboard();
  if (!id) return <span className="muted">—</span>;
  const text = label ?? (id.length > 12 ? `${id.slice(0, 10)}…` : id);
  if (!can(me, "user", "get"))
    return (
      <span className={label ? undefined : "mono"} title={id}>
        {text}
      </span>
    );
  return (
    <a href={href("users", id)} className={label ? undefined : "mono"} title={id}>
      {text}
    </a>
  );
}
