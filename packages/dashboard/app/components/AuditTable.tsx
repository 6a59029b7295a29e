import { useEffect, useState } from "react";
import { can, useDashboard } from "../context.js";
import { describeEventType, formatDateTime } from "../format.js";
import type { AuditEvent } from "../types.js";
import { Badge, Empty } from "./Status.js";
import { UserLink } from "./UserLink.js";

/** Props of {@link AuditTable}. */
export interface AuditTableProps {
  events: AuditEvent[];
  /** Drops the address column (the user page's short list). */
  compact?: boolean;
  /** Labels for user ids the page already knows (the viewer, the user shown), instead of raw ids. */
  names?: Record<string, string>;
}

/**
 * The names of the actors and users on a page of events that the page does not already know, in one
 * call (`user-names`), for an admin who may look users up; ids stay as they are otherwise (and for
 * users deleted since).
 */
function useUserNames(events: AuditEvent[], known: Record<string, string>): Record<string, string> {
  const { me, api } = useDashboard();
  const [fetched, setFetched] = useState<Record<string, string>>({});
  const allowed = can(me, "user", "get");
  const wanted = [...new Set(events.flatMap((e) => [e.actorUserId, e.userId]).filter((id): id is string => !!id))]
    .filter((id) => !Object.hasOwn(known, id))
    .sort()
    .join(",");
  useEffect(() => {
    if (!allowed || wanted === "") return;
    const controller = new AbortController();
    api.dashboard
      .get<{ users: Record<string, { name: string; email: string }> }>("user-names", { ids: wanted }, controller.signal)
      .then(({ users }) => {
        const labels: Record<string, string> = {};
        for (const [id, u] of Object.entries(users)) labels[id] = u.name ? `${u.name} (${u.email})` : u.email;
        setFetched(labels);
      })
      // Names are a nicety: on failure the table keeps the ids.
      .catch(() => {});
    return () => controller.abort();
  }, [api, allowed, wanted]);
  return fetched;
}

/** Events as a table, newest first as the server sends them. */
export function AuditTable({ events, compact = false, names = {} }: AuditTableProps) {
  const fetched = useUserNames(events, names);
  const label = (id: string | null) =>
    id && Object.hasOwn(names, id) ? names[id] : id && Object.hasOwn(fetched, id) ? fetched[id] : undefined;
  if (events.length === 0) return <Empty>No events.</Empty>;
  return (
    <div className="table-wrap">
      <table className="table" data-testid="audit-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col">Outcome</th>
            <th scope="col">Actor</th>
            <th scope="col">User</th>
            {!compact && <th scope="col">IP address</th>}
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} data-testid="audit-row">
              <td className="nowrap">{formatDateTime(e.createdAt)}</td>
              <td>
                <span className="event-type">{describeEventType(e.type)}</span>
                <code className="event-code">{e.type}</code>
              </td>
              <td>
                {e.outcome === "success" ? <Badge tone="good">success</Badge> : <Badge tone="bad">refused</Badge>}
              </td>
              <td>
                <UserLink id={e.actorUserId} label={label(e.actorUserId)} />
              </td>
              <td>
                <UserLink id={e.userId} label={label(e.userId)} />
              </td>
              {!compact && <td className="mono">{e.ipAddress ?? "—"}</td>}
              <td className="details">
                {Object.entries(e.details).map(([k, v]) => (
                  <span key={k} className="detail">
                    {k}: <strong>{String(v)}</strong>
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
