import { useState } from "react";
import { AuditTable } from "../components/AuditTable.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { ErrorNotice } from "../components/ErrorNotice.js";
import { SelectField } from "../components/SelectField.js";
import { Badge, Loading } from "../components/Status.js";
import { can, useDashboard } from "../context.js";
import { formatDateTime, rolesOf, safeAppUrl } from "../format.js";
import { go, href } from "../route.js";
import type { AuditPage, UserDetail } from "../types.js";
import { useAction } from "../use-action.js";
import { useResource } from "../use-resource.js";
import { UserBadges } from "./Users.js";
import { UserRecords } from "./UserRecords.js";
import { BAN_LENGTHS, type BanFields, describeAction, type PendingAction } from "./user-actions.js";

// The admin plugin's default roles, offered when /api/me does not list the configured ones.
const KNOWN_ROLES = ["user", "admin"];

/** One user: profile, role, ban, sessions, accounts, organizations, API keys and their audit events. */
export function UserDetailPage({ id }: { id: string }) {
  const { api, me } = useDashboard();
  const detail = useResource((signal) => api.dashboard.get<UserDetail>("user-detail", { id }, signal), [api, id]);
  const showEvents = me.features.auditLog && can(me, "auditLog", "list");
  const events = useResource(
    (signal) =>
      showEvents ? api.get<AuditPage>("/admin/audit-log", { userId: id, limit: 20 }, signal) : Promise.resolve(null),
    [api, id, showEvents],
  );
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [ban, setBan] = useState<BanFields>({ reason: "", expiresIn: "" });
  const [role, setRole] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const action = useAction();

  if (detail.error) return <ErrorNotice error={detail.error} />;
  if (!detail.data) return <Loading />;
  const { user, sessions } = detail.data;
  const self = user.id === me.user.id;
  const currentRole = user.role ?? "";
  const chosenRole = role ?? currentRole;
  const roleOptions = [
    ...new Set([...(me.roles ?? KNOWN_ROLES), ...rolesOf(user.role), ...(currentRole ? [currentRole] : [])]),
  ];
  const spec = pending && describeAction(api, user, pending, ban);

  const open = (next: PendingAction) => {
    action.clear();
    setDone(null);
    if (next.kind === "ban") setBan({ reason: "", expiresIn: "" });
    setPending(next);
  };
  const confirm = async () => {
    if (!spec || !pending) return;
    const ok = await action.run(spec.run);
    if (!ok) return;
    const kind = pending.kind;
    setPending(null);
    if (kind === "impersonate") return location.assign(safeAppUrl(me.appUrl));
    if (kind === "delete") return go(href("users"));
    setRole(null);
    setDone(spec.done);
    detail.reload();
    events.reload();
  };

  return (
    <section aria-labelledby="user-title">
      <nav className="crumbs" aria-label="Breadcrumb">
        {can(me, "user", "list") ? <a href="#/users">Users</a> : <span>Users</span>} <span aria-hidden="true">/</span>
      </nav>
      <div className="page-head">
        <div>
          <h1 id="user-title">{user.name || user.email}</h1>
          <p className="muted">
            {user.email} <UserBadges user={user} />
            {self && <Badge tone="info">You</Badge>}
          </p>
        </div>
        <div className="actions">
          {can(me, "user", "impersonate") && !self && !user.banned && !me.impersonating && (
            <button type="button" className="button" onClick={() => open({ kind: "impersonate" })}>
              Impersonate
            </button>
          )}
          {can(me, "session", "revoke") && !self && sessions && sessions.length > 0 && (
            <button type="button" className="button" onClick={() => open({ kind: "revoke-all" })}>
              Revoke all sessions
            </button>
          )}
          {can(me, "user", "ban") && !self && (
            <button
              type="button"
              className={user.banned ? "button" : "button danger-outline"}
              onClick={() => open({ kind: user.banned ? "unban" : "ban" })}
            >
              {user.banned ? "Unban" : "Ban"}
            </button>
          )}
          {can(me, "user", "delete") && can(me, "session", "delete") && !self && (
            <button type="button" className="button danger" onClick={() => open({ kind: "delete" })}>
              Delete user
            </button>
          )}
        </div>
      </div>
      {done && (
        <p className="notice success" role="status">
          {done}
        </p>
      )}

      <div className="grid-2">
        <div className="card">
          <h2>Profile</h2>
          <dl className="props">
            <dt>ID</dt>
            <dd className="mono">{user.id}</dd>
            <dt>Email verified</dt>
            <dd>{user.emailVerified ? "Yes" : "No"}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(user.createdAt)}</dd>
            <dt>Updated</dt>
            <dd>{formatDateTime(user.updatedAt)}</dd>
            {user.banned && (
              <>
                <dt>Ban reason</dt>
                <dd data-testid="ban-reason">{user.banReason || "—"}</dd>
                <dt>Ban expires</dt>
                <dd>{user.banExpires ? formatDateTime(user.banExpires) : "Never"}</dd>
              </>
            )}
          </dl>
        </div>
        <div className="card">
          <h2>Role</h2>
          {can(me, "user", "set-role") && !self ? (
            <form
              className="inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (chosenRole !== currentRole) open({ kind: "role", role: chosenRole });
              }}
            >
              <SelectField
                label="Role"
                value={chosenRole}
                options={roleOptions.map((r) => ({ value: r, label: r }))}
                onChange={setRole}
              />
              <button type="submit" className="button primary" disabled={chosenRole === currentRole}>
                Change role
              </button>
            </form>
          ) : (
            <p>
              {rolesOf(user.role).map((r) => (
                <Badge key={r}>{r}</Badge>
              ))}
            </p>
          )}
        </div>
      </div>

      <UserRecords detail={detail.data} open={open} />

      {showEvents && (
        <div className="card">
          <div className="card-head">
            <h2>Recent audit events</h2>
            <a href={href("audit-log", { userId: user.id })}>See all</a>
          </div>
          {events.error && <ErrorNotice error={events.error} />}
          {!events.data && !events.error && <Loading />}
          {events.data && (
            <AuditTable
              events={events.data.events}
              compact
              names={{ [me.user.id]: `${me.user.email} (you)`, [user.id]: user.email }}
            />
          )}
        </div>
      )}

      {spec && (
        <ConfirmDialog
          title={spec.title}
          confirmLabel={spec.confirmLabel}
          danger={spec.danger}
          busy={action.busy}
          error={action.error}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          {spec.text}
          {pending?.kind === "ban" && (
            <div className="dialog-fields">
              <label className="field">
                <span>Reason (optional)</span>
                <input
                  value={ban.reason}
                  maxLength={1024}
                  onChange={(e) => setBan({ ...ban, reason: e.target.value })}
                />
              </label>
              <SelectField
                label="Ban length"
                value={ban.expiresIn}
                options={BAN_LENGTHS.map((l) => ({ value: l.seconds, label: l.label }))}
                onChange={(expiresIn) => setBan({ ...ban, expiresIn })}
              />
            </div>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
