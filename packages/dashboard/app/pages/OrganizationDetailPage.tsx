import { ErrorNotice } from "../components/ErrorNotice.js";
import { Badge, Empty, Loading } from "../components/Status.js";
import { UserLink } from "../components/UserLink.js";
import { can, useDashboard } from "../context.js";
import { formatDate, formatDateTime } from "../format.js";
import { href } from "../route.js";
import type { OrganizationDetail } from "../types.js";
import { useResource } from "../use-resource.js";

const STATUS_TONE: Record<string, "good" | "bad" | "warn" | "neutral"> = {
  pending: "warn",
  accepted: "good",
  rejected: "bad",
  canceled: "neutral",
};

/** One organization: its members, invitations and teams (read only). */
export function OrganizationDetailPage({ id }: { id: string }) {
  const { api, me } = useDashboard();
  const org = useResource(
    (signal) => api.dashboard.get<OrganizationDetail>("get-organization", { id }, signal),
    [api, id],
  );
  if (org.error) return <ErrorNotice error={org.error} />;
  if (!org.data) return <Loading />;
  const { organization, members, invitations, teams } = org.data;
  return (
    <section aria-labelledby="org-title">
      <nav className="crumbs" aria-label="Breadcrumb">
        <a href="#/organizations">Organizations</a> <span aria-hidden="true">/</span>
      </nav>
      <div className="page-head">
        <div>
          <h1 id="org-title">{organization.name}</h1>
          <p className="muted">
            <span className="mono">{organization.slug}</span> · created {formatDate(organization.createdAt)}
          </p>
        </div>
        {me.features.auditLog && can(me, "auditLog", "list") && (
          <a className="button" href={href("audit-log", { organizationId: organization.id })}>
            Audit events
          </a>
        )}
      </div>

      <div className="card">
        <h2>Members ({members.length})</h2>
        {members.length === 0 ? (
          <Empty>No members.</Empty>
        ) : (
          <table className="table" data-testid="members-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id}>
                  <td>
                    <UserLink id={m.userId} label={m.user.name || m.user.email} />
                  </td>
                  <td>{m.user.email}</td>
                  <td>
                    <Badge tone={m.role.includes("owner") ? "info" : "neutral"}>{m.role}</Badge>
                  </td>
                  <td>{formatDate(m.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      <div className="card">
        <h2>Invitations ({invitations.length})</h2>
        {invitations.length === 0 ? (
          <Empty>No invitations.</Empty>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Invited by</th>
                <th scope="col">Expires</th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((i) => (
                <tr key={i.id}>
                  <td>{i.email}</td>
                  <td>
                    <Badge>{i.role}</Badge>
                  </td>
                  <td>
                    <Badge tone={STATUS_TONE[i.status] ?? "neutral"}>{i.status}</Badge>
                  </td>
                  <td>
                    <UserLink id={i.inviterId} />
                  </td>
                  <td>{formatDateTime(i.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      {teams && (
        <div className="card">
          <h2>Teams ({teams.length})</h2>
          {teams.length === 0 ? (
            <Empty>No teams.</Empty>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col" className="num">
                    Members
                  </th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {teams.map((t) => (
                  <tr key={t.id}>
                    <td>{t.name}</td>
                    <td className="num">{t.memberCount}</td>
                    <td>{formatDate(t.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </section>
  );
}
