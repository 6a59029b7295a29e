import { useState } from "react";
import { client } from "../auth-client.js";
import { ActionButton, type ApiError, ErrorNote, Link, OkNote } from "../ui.js";

/**
 * The account switcher (@gatehouse-auth/multi-session): every account this browser is signed in to, the
 * active one marked. Switch to another, sign out of one (the others stay), or add another account by
 * signing in again — each sign-in joins the list. "Sign out" in the header leaves all of them.
 */
export function Accounts() {
  const [error, setError] = useState<ApiError>(null);
  const [note, setNote] = useState<string | null>(null);
  // Refetched after every sign-in, sign-out, switch and revoke.
  const accounts = client.useDeviceSessions();
  const after = async (p: Promise<{ error: ApiError }>, done: string) => {
    const r = await p;
    setError(r.error);
    setNote(r.error ? null : done);
  };
  return (
    <section>
      <h1>Accounts on this browser</h1>
      <p className="muted">
        Stay signed in to several accounts and switch between them without a password. Signing out of one keeps the
        others; the header's "Sign out" signs this browser out of all of them.
      </p>
      <ErrorNote error={error ?? accounts.error} />
      <OkNote note={note} />
      {/* Signed out, the store makes no request and settles to null: no accounts either. */}
      {!accounts.isPending && !accounts.data?.length && <p className="muted">No accounts on this browser.</p>}
      <table>
        <thead>
          <tr>
            <th>Account</th>
            <th>Signed in</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {accounts.data?.map(({ session: s, user }) => {
            const active = s.current;
            return (
              <tr key={s.id} data-testid="device-account">
                <td>
                  <strong>{user.name}</strong> <span className="muted">{user.email}</span>
                  {active && <span data-testid="active-account"> · active</span>}
                </td>
                <td>{new Date(s.createdAt).toLocaleString()}</td>
                <td>
                  {!active && (
                    <ActionButton
                      onClick={() =>
                        after(client.multiSession.setActive({ sessionId: s.id }), `Switched to ${user.email}.`)
                      }
                    >
                      Switch
                    </ActionButton>
                  )}{" "}
                  <ActionButton
                    confirm={`Sign out of ${user.email} on this browser?`}
                    onClick={() =>
                      after(client.multiSession.revoke({ sessionId: s.id }), `Signed out of ${user.email}.`)
                    }
                  >
                    Remove
                  </ActionButton>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>
        <Link to="/sign-in?next=/accounts">Add another account</Link>
      </p>
    </section>
  );
}
