import { Badge, Empty } from "../components/Status.js";
import { can, useDashboard } from "../context.js";
import { formatDateTime, shortUserAgent } from "../format.js";
import { href } from "../route.js";
import type { UserDetail } from "../types.js";
import type { PendingAction } from "./user-actions.js";

/**
 * What a user holds: sign-in methods, passkeys, sessions, organizations and API keys (each only when the server
 * sent it, i.e. the plugin is installed and the admin may read it). Row actions go through `open`,
 * which asks for confirmation.
 */
export function UserRecords({ detail, open }: { detail: UserDetail; open: (action: PendingAction) => void }) {
  const { me } = useDashboard();
  const { accounts, sessions, organizations, apiKeys, passkeys } = detail;
  return (
    <>
      <div className="card">
        <h2>Sign-in methods</h2>
        {accounts.length === 0 ? (
          <Empty>No linked accounts.</Empty>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Provider</th>
                <th scope="col">Account ID</th>
                <th scope="col">Linked</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={a.id}>
                  <td>{a.providerId}</td>
                  <td className="mono">{a.accountId}</td>
                  <td>{formatDateTime(a.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>

      {passkeys && (
        <div className="card">
          <h2>Passkeys</h2>
          {passkeys.length === 0 ? (
            <Empty>No passkeys.</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table" data-testid="passkey-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Kind</th>
                    <th scope="col">Backed up</th>
                    <th scope="col">Added</th>
                  </tr>
                </thead>
                <tbody>
                  {passkeys.map((p) => (
                    <tr key={p.id}>
                      <td>{p.name || "(unnamed)"}</td>
                      <td>
                        {p.deviceType === "multiDevice"
                          ? "Synced (multi-device)"
                          : p.deviceType === "singleDevice"
                            ? "This device only"
                            : (p.deviceType ?? "—")}
                      </td>
                      <td>{p.backedUp ? "Yes" : "No"}</td>
                      <td>{formatDateTime(p.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}

      {sessions && (
        <div className="card">
          <h2>Sessions</h2>
          {sessions.length === 0 ? (
            <Empty>No active sessions.</Empty>
          ) : (
            <table className="table" data-testid="sessions-table">
              <thead>
                <tr>
                  <th scope="col">Device</th>
                  <th scope="col">IP address</th>
                  <th scope="col">Started</th>
                  <th scope="col">Expires</th>
                  {can(me, "session", "revoke") && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {sessions.map((s) => (
                  <tr key={s.id} data-testid="session-row">
                    <td>
                      {shortUserAgent(s.userAgent)} {s.impersonatedBy && <Badge tone="warn">Impersonation</Badge>}
                    </td>
                    <td className="mono">{s.ipAddress ?? "—"}</td>
                    <td>{formatDateTime(s.createdAt)}</td>
                    <td>{formatDateTime(s.expiresAt)}</td>
                    {can(me, "session", "revoke") && (
                      <td>
                        <button
                          type="button"
                          className="button small"
                          onClick={() =>
                            open({
                              kind: "revoke-one",
                              sessionId: s.id,
                              label: `${shortUserAgent(s.userAgent)} (${s.ipAddress ?? "unknown address"})`,
                            })
                          }
                        >
                          Revoke
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}

      {organizations && (
        <div className="card">
          <h2>Organizations</h2>
          {organizations.length === 0 ? (
            <Empty>Not a member of any organization.</Empty>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Slug</th>
                  <th scope="col">Role</th>
                </tr>
              </thead>
              <tbody>
                {organizations.map((o) => (
                  <tr key={o.id}>
                    <td>
                      {can(me, "organization", "get") ? <a href={href("organizations", o.id)}>{o.name}</a> : o.name}
                    </td>
                    <td className="mono">{o.slug}</td>
                    <td>
                      <Badge>{o.role}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}

      {apiKeys && (
        <div className="card">
          <h2>API keys</h2>
          {apiKeys.length === 0 ? (
            <Empty>No API keys.</Empty>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Starts with</th>
                  <th scope="col">Status</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Created</th>
                  {can(me, "apiKey", "delete") && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {apiKeys.map((k) => (
                  <tr key={k.id}>
                    <td>{k.name || "(unnamed)"}</td>
                    <td className="mono">{k.start ? `${k.start}…` : "—"}</td>
                    <td>{k.enabled ? <Badge tone="good">Enabled</Badge> : <Badge tone="bad">Disabled</Badge>}</td>
                    <td>{k.expiresAt ? formatDateTime(k.expiresAt) : "Never"}</td>
                    <td>{formatDateTime(k.createdAt)}</td>
                    {can(me, "apiKey", "delete") && (
                      <td>
                        <button
                          type="button"
                          className="button small danger-outline"
                          onClick={() => open({ kind: "delete-key", keyId: k.id, label: k.name || k.start || k.id })}
                          aria-label={`Delete API key ${k.name || k.start || k.id}`}
                        >
                          Delete
                        </button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </>
  );
}
