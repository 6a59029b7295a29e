import { useState } from "react";
import { AuditTable } from "../components/AuditTable.js";
import { ErrorNotice } from "../components/ErrorNotice.js";
import { Loading } from "../components/Status.js";
import { useDashboard } from "../context.js";
import { go, href } from "../route.js";
import type { AuditEvent, AuditPage } from "../types.js";
import { useAction } from "../use-action.js";
import { useResource } from "../use-resource.js";

const PAGE = 50;
const FILTERS = ["type", "userId", "actorUserId", "organizationId", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

// The event types the audit-log plugin records (docs/audit-log.md), offered as suggestions.
const EVENT_TYPES = [
  "user.signed_up",
  "user.signed_in",
  "user.sign_in_failed",
  "user.signed_out",
  "user.created",
  "user.updated",
  "user.deleted",
  "user.banned",
  "user.unbanned",
  "user.role_changed",
  "impersonation.started",
  "impersonation.stopped",
  "session.revoked",
  "password.changed",
  "password.reset",
  "email.verified",
  "email.changed",
  "account.linked",
  "account.unlinked",
  "two_factor.enabled",
  "two_factor.disabled",
  "organization.created",
  "organization.updated",
  "organization.deleted",
  "organization.member_added",
  "organization.member_removed",
  "organization.member_role_changed",
  "invitation.sent",
  "invitation.accepted",
  "api_key.created",
  "api_key.deleted",
  "request.rate_limited",
];

const LABELS: Record<keyof Filters, string> = {
  type: "Event type",
  userId: "User ID",
  actorUserId: "Actor user ID",
  organizationId: "Organization ID",
  from: "From (UTC day)",
  to: "To (UTC day)",
};

/** The query for the filters: `to` covers its whole day. */
function queryOf(filters: Filters) {
  return { ...filters, to: filters.to ? `${filters.to}T23:59:59.999Z` : "" };
}

function Results({ filters }: { filters: Filters }) {
  const { api, me } = useDashboard();
  const first = useResource(
    (signal) => api.get<AuditPage>("/admin/audit-log", { ...queryOf(filters), limit: PAGE }, signal),
    [api],
  );
  const [more, setMore] = useState<{ events: AuditEvent[]; nextCursor: string | null } | null>(null);
  const action = useAction();
  if (first.error) return <ErrorNotice error={first.error} />;
  if (!first.data) return <Loading />;
  const events = [...first.data.events, ...(more?.events ?? [])];
  const cursor = more ? more.nextCursor : first.data.nextCursor;
  return (
    <>
      <AuditTable events={events} names={{ [me.user.id]: `${me.user.email} (you)` }} />
      {action.error && <ErrorNotice error={action.error} />}
      {cursor && (
        <div className="load-more">
          <button
            type="button"
            className="button"
            disabled={action.busy}
            onClick={() =>
              action.run(async () => {
                const page = await api.get<AuditPage>("/admin/audit-log", { ...queryOf(filters), limit: PAGE, cursor });
                setMore((m) => ({ events: [...(m?.events ?? []), ...page.events], nextCursor: page.nextCursor }));
              })
            }
          >
            {action.busy ? "Loading…" : "Load more"}
          </button>
        </div>
      )}
    </>
  );
}

/** Every recorded event, newest first, filtered by user, actor, type, organization and day range. */
export function AuditLog({ params }: { params: URLSearchParams }) {
  const applied = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ""])) as Filters;
  const [draft, setDraft] = useState<Filters>(applied);
  const key = FILTERS.map((f) => applied[f]).join("\u0000");
  return (
    <section aria-labelledby="audit-title">
      <div className="page-head">
        <h1 id="audit-title">Audit log</h1>
        <span className="muted">Newest first</span>
      </div>
      <form
        className="toolbar wrap"
        aria-label="Filter events"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = Object.fromEntries(FILTERS.map((f) => [f, draft[f].trim()]));
          go(href("audit-log", trimmed), true);
        }}
      >
        {FILTERS.map((f) => (
          <label key={f} className="field">
            <span>{LABELS[f]}</span>
            <input
              type={f === "from" || f === "to" ? "date" : "text"}
              list={f === "type" ? "audit-event-types" : undefined}
              value={draft[f]}
              onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
            />
          </label>
        ))}
        <datalist id="audit-event-types">
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <div className="toolbar-buttons">
          <button type="submit" className="button primary">
            Apply filters
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft(Object.fromEntries(FILTERS.map((f) => [f, ""])) as Filters);
              go(href("audit-log"), true);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <Results key={key} filters={applied} />
    </section>
  );
}
