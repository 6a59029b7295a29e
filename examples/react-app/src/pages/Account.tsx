import { useState } from "react";
import { client } from "../auth-client.js";
import { ErrorNote, formValues, useLoad } from "../ui.js";

export function Account() {
  const { data: session } = client.useSession();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<{ message?: string } | null>(null);
  const sessions = useLoad(() => client.listSessions(), []);
  if (!session) return <p>Please sign in.</p>;
  const done = (r: { error: { message?: string } | null }, ok: string) => {
    setError(r.error);
    setNote(r.error ? null : ok);
  };
  return (
    <section>
      <h1>Account</h1>
      {note && (
        <p className="ok" role="status">
          {note}
        </p>
      )}
      <ErrorNote error={error} />
      <div className="grid">
        <form
          className="card"
          onSubmit={async (e) => done(await client.updateUser({ name: formValues(e).name }), "Profile saved.")}
        >
          <h2>Profile</h2>
          <label>
            Name <input name="name" defaultValue={session.user.name} required />
          </label>
          <button type="submit">Save</button>
        </form>
        <form
          className="card"
          onSubmit={async (e) => {
            const { currentPassword, newPassword } = formValues(e);
            const r = await client.changePassword({
              currentPassword: currentPassword ?? "",
              newPassword: newPassword ?? "",
              revokeOtherSessions: true,
            });
            done(r, "Password changed; your other sessions were signed out.");
            if (!r.error) {
              e.currentTarget.reset();
              void sessions.reload();
            }
          }}
        >
          <h2>Password</h2>
          <label>
            Current password <input name="currentPassword" type="password" required />
          </label>
          <label>
            New password <input name="newPassword" type="password" required minLength={8} />
          </label>
          <button type="submit">Change password</button>
        </form>
      </div>
      <h2>Sessions</h2>
      <table>
        <thead>
          <tr>
            <th>Device</th>
            <th>IP</th>
            <th>Started</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {sessions.data?.map((s) => (
            <tr key={s.id} data-testid="session-row">
              <td>{s.userAgent ?? "unknown"}</td>
              <td>{s.ipAddress ?? "—"}</td>
              <td>{new Date(s.createdAt).toLocaleString()}</td>
              <td>
                {s.id === session.session.id ? (
                  <span className="muted">this one</span>
                ) : (
                  <button
                    type="button"
                    onClick={async () => {
                      done(await client.revokeSession({ token: s.token }), "Session revoked.");
                      void sessions.reload();
                    }}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
