import { useState } from "react";
import { AuditTable } from "../components/AuditTable.js";
import { ErrorNotice } from "../components/ErrorNotice.js";
import { SelectField } from "../components/SelectField.js";
import { Badge, Empty, Loading } from "../components/Status.js";
import { can, useDashboard } from "../context.js";
import { formatDate, formatDateTime } from "../format.js";
import { go, href } from "../route.js";
import type { AuditEvent, AuditPage, SsoConnectionPage } from "../types.js";
import { useAction } from "../use-action.js";
import { useResource } from "../use-resource.js";

// The sso plugin's connections of every organization (the dashboard's own list-sso-connections), and
// the provisioning activity the audit log recorded for them. A connection's last sign-in is the sso
// plugin's column on the connection row (no audit-log read per row). Each activity view is one event type: the
// audit log's (type, createdAt) index answers it a page at a time, however many events there are.

const PAGE = 25;

/** The sso and scim events (docs/sso.md and docs/scim.md, "Audit events"). */
const ACTIVITY = [
  { value: "scim.user_created", label: "SCIM: user created" },
  { value: "scim.user_updated", label: "SCIM: user updated" },
  { value: "scim.user_deactivated", label: "SCIM: user deactivated" },
  { value: "scim.user_deleted", label: "SCIM: user deleted" },
  { value: "scim.group_created", label: "SCIM: group created" },
  { value: "scim.group_updated", label: "SCIM: group updated" },
  { value: "scim.group_deleted", label: "SCIM: group deleted" },
  { value: "scim.token_generated", label: "SCIM: token generated" },
  { value: "sso.connection_created", label: "SSO: connection created" },
  { value: "sso.connection_updated", label: "SSO: connection updated" },
  { value: "sso.connection_deleted", label: "SSO: connection deleted" },
  { value: "sso.domain_verified", label: "SSO: domain verified" },
  { value: "sso.enforcement_changed", label: "SSO: enforcement changed" },
];

function Connections({ cursor }: { cursor: string | undefined }) {
  const { api } = useDashboard();
  const page = useResource(
    (signal) => api.dashboard.get<SsoConnectionPage>("list-sso-connections", { limit: PAGE, cursor }, signal),
    [api, cursor],
  );
  if (page.error) return <ErrorNotice error={page.error} />;
  if (!page.data) return <Loading />;
  return (
    <>
      {page.data.connections.length === 0 ? (
        <Empty>No SSO connections.</Empty>
      ) : (
        <div className="table-wrap" aria-busy={page.loading}>
          <table className="table" data-testid="sso-connections-table">
            <thead>
              <tr>
                <th scope="col">Organization</th>
                <th scope="col">Connection</th>
                <th scope="col">Protocol</th>
                <th scope="col">Domain</th>
                <th scope="col">Enforcement</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {page.data.connections.map((c) => (
                <tr key={c.id} data-testid="sso-connection-row">
                  <td>
                    {c.organization ? (
                      <a href={href("organizations", c.organization.id)}>{c.organization.name}</a>
                    ) : (
                      <span className="muted">(deleted)</span>
                    )}
                  </td>
                  <td className="mono">{c.providerId}</td>
                  <td>{c.protocol === "saml" ? "SAML 2.0" : "OIDC"}</td>
                  <td>
                    {c.domain}{" "}
                    {c.domainVerified ? <Badge tone="good">Verified</Badge> : <Badge tone="warn">Not verified</Badge>}
                  </td>
                  <td>
                    {c.enforceSSO ? (
                      <Badge tone="info">
                        SSO required{c.breakGlassCount ? ` · ${c.breakGlassCount} break-glass` : ""}
                      </Badge>
                    ) : (
                      <span className="muted">Optional</span>
                    )}
                  </td>
                  <td>{c.disabled ? <Badge tone="bad">Disabled</Badge> : <Badge tone="good">Enabled</Badge>}</td>
                  <td data-testid="sso-last-sign-in">
                    {c.lastSignInAt ? formatDateTime(c.lastSignInAt) : <span className="muted">Never</span>}
                  </td>
                  <td>{c.createdAt ? formatDate(c.createdAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="toolbar">
        {cursor && (
          <button type="button" className="button" onClick={() => go(href("sso"))}>
            First page
          </button>
        )}
        {page.data.nextCursor && (
          <button
            type="button"
            className="button"
            onClick={() => go(href("sso", { cursor: page.data?.nextCursor ?? undefined }))}
          >
            Next page
          </button>
        )}
      </div>
    </>
  );
}

function Activity({ type }: { type: string }) {
  const { api } = useDashboard();
  const first = useResource(
    (signal) => api.get<AuditPage>("/admin/audit-log", { type, limit: PAGE }, signal),
    [api, type],
  );
  const [more, setMore] = useState<{ events: AuditEvent[]; nextCursor: string | null } | null>(null);
  const action = useAction();
  if (first.error) return <ErrorNotice error={first.error} />;
  if (!first.data) return <Loading />;
  const events = [...first.data.events, ...(more?.events ?? [])];
  const cursor = more ? more.nextCursor : first.data.nextCursor;
  return (
    <div data-testid="sso-activity">
      <AuditTable events={events} />
      {action.error && <ErrorNotice error={action.error} />}
      {cursor && (
        <div className="load-more">
          <button
            type="button"
            className="button"
            disabled={action.busy}
            onClick={() =>
              action.run(async () => {
                const page = await api.get<AuditPage>("/admin/audit-log", { type, limit: PAGE, cursor });
                setMore((m) => ({ events: [...(m?.events ?? []), ...page.events], nextCursor: page.nextCursor }));
              })
            }
          >
            {action.busy ? "Loading…" : "Load more"}
          </button>
        </div>
      )}
    </div>
  );
}

/** SSO: every organization's connections, and (with the audit log) provisioning and SSO activity. */
export function SsoConnections({ params }: { params: URLSearchParams }) {
  const { me } = useDashboard();
  const cursor = params.get("cursor") ?? undefined;
  const fallback = me.features.scim ? "scim.user_created" : "sso.connection_created";
  const type = ACTIVITY.some((a) => a.value === params.get("activity")) ? (params.get("activity") as string) : fallback;
  const showActivity = me.features.auditLog && can(me, "auditLog", "list");
  return (
    <section aria-labelledby="sso-title">
      <div className="page-head">
        <h1 id="sso-title">SSO</h1>
        <span className="muted">Connections of every organization</span>
      </div>
      <Connections key={cursor ?? ""} cursor={cursor} />
      {showActivity && (
        <section aria-labelledby="sso-activity-title">
          <div className="page-head">
            <h2 id="sso-activity-title">Provisioning and SSO activity</h2>
            <span className="muted">Newest first</span>
          </div>
          <div className="toolbar">
            <SelectField
              label="Event"
              value={type}
              options={ACTIVITY.filter((a) => me.features.scim || a.value.startsWith("sso."))}
              onChange={(value) => go(href("sso", { activity: value, cursor }), true)}
            />
          </div>
          <Activity key={type} type={type} />
        </section>
      )}
    </section>
  );
}
