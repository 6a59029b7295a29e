import { useState } from "react";
import { client } from "../auth-client.js";
import { deviceName } from "../device-name.js";
import { navigate } from "../router.js";
import { ActionButton, type ApiError, ErrorNote, Form, OkNote, useLoad } from "../ui.js";
import { AuthorizedApps } from "./OAuth.js";
import { TwoFactorSettings } from "./TwoFactorSettings.js";

/** The user fields the username and two-factor plugins add. */
interface PluginFields {
  username?: string | null;
  displayUsername?: string | null;
  twoFactorEnabled?: boolean | null;
}

export function Account() {
  const { data: session } = client.useSession();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<ApiError>(null);
  const sessions = useLoad(() => client.listSessions(), []);
  if (!session) return <p>Please sign in.</p>;
  const user = session.user as typeof session.user & PluginFields;
  const done = (r: { error: ApiError }, ok: string) => {
    setError(r.error);
    setNote(r.error ? null : ok);
    return !r.error;
  };
  return (
    <section>
      <h1>Account</h1>
      <OkNote note={note} />
      <ErrorNote error={error} />
      <div className="grid">
        <Form
          className="card"
          onSubmit={async ({ name = "", username = "" }) => {
            const wanted = username.trim();
            const changed = wanted && wanted !== (user.displayUsername ?? user.username);
            done(await client.updateUser({ name, ...(changed ? { username: wanted } : {}) }), "Profile saved.");
          }}
        >
          <h2>Profile</h2>
          <label>
            Name <input name="name" defaultValue={user.name} required />
          </label>
          <label>
            Username{" "}
            <input
              name="username"
              defaultValue={user.displayUsername ?? user.username ?? ""}
              minLength={3}
              maxLength={30}
              pattern="[A-Za-z0-9_.]+"
              title="Letters, digits, dots and underscores"
              autoComplete="username"
            />
          </label>
          <button type="submit">Save</button>
        </Form>
        <Form
          className="card"
          onSubmit={async ({ currentPassword = "", newPassword = "" }, form) => {
            const r = await client.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
            if (done(r, "Password changed; your other sessions were signed out.")) {
              form.reset();
              void sessions.reload();
            }
          }}
        >
          <h2>Password</h2>
          <label>
            Current password <input name="currentPassword" type="password" required autoComplete="current-password" />
          </label>
          <label>
            New password <input name="newPassword" type="password" required minLength={8} autoComplete="new-password" />
          </label>
          <button type="submit">Change password</button>
        </Form>
        <Form
          className="card"
          onSubmit={async ({ newEmail = "" }, form) => {
            const r = await client.changeEmail({ newEmail: newEmail.trim(), callbackURL: "/account" });
            const ok = user.emailVerified
              ? `Confirm the change from ${user.email} first (see the mailbox); then verify the new address.`
              : `A verification link is on its way to ${newEmail.trim()}; the address changes once it is opened.`;
            if (done(r, ok)) form.reset();
          }}
        >
          <h2>Email</h2>
          <p className="muted">Now {user.email}.</p>
          <label>
            New email <input name="newEmail" type="email" required autoComplete="email" />
          </label>
          <button type="submit">Change email</button>
        </Form>
        <TwoFactorSettings enabled={user.twoFactorEnabled === true} />
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
              <td title={s.userAgent ?? undefined}>{deviceName(s.userAgent)}</td>
              <td>{s.ipAddress ?? "—"}</td>
              <td>{new Date(s.createdAt).toLocaleString()}</td>
              <td>
                {s.current ? (
                  <span className="muted">this one</span>
                ) : (
                  <ActionButton
                    onClick={async () => {
                      done(await client.revokeSession({ id: s.id }), "Session revoked.");
                      await sessions.reload();
                    }}
                  >
                    Revoke
                  </ActionButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {(sessions.data?.length ?? 0) > 1 && (
        <p>
          <ActionButton
            confirm="Sign out every other device?"
            onClick={async () => {
              done(await client.revokeOtherSessions(), "Your other sessions were signed out.");
              await sessions.reload();
            }}
          >
            Sign out other devices
          </ActionButton>
        </p>
      )}
      <AuthorizedApps />
      <DeleteAccount />
    </section>
  );
}

/** Deleting the account: the password confirms it, and the browser asks once more. */
function DeleteAccount() {
  const [error, setError] = useState<ApiError>(null);
  return (
    <Form
      className="card danger"
      onSubmit={async ({ password = "" }) => {
        if (!window.confirm("Delete your account and everything in it? This cannot be undone.")) return;
        // An account without a password (made by a link or code) is deleted from a fresh session.
        const r = await client.deleteUser(password ? { password } : {});
        setError(r.error);
        if (!r.error) navigate("/?deleted=1");
      }}
    >
      <h2>Delete account</h2>
      <p className="muted">Your sessions, sign-in methods and memberships go with it.</p>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" />
      </label>
      <button type="submit" className="danger">
        Delete my account
      </button>
      <ErrorNote error={error} />
    </Form>
  );
}
