import { useState } from "react";
import { afterSignIn } from "../after-sign-in.js";
import { client } from "../auth-client.js";
import { ActionButton, type ApiError, ErrorNote, Form, OkNote, useLoad } from "../ui.js";

/**
 * Passkey sign-in, usernameless: the browser offers this site's passkeys. Labelled "Continue with a
 * passkey", not "Sign in …": the browser tests find the password form's "Sign in" button by substring.
 */
export function PasskeySignInButton() {
  const [error, setError] = useState<ApiError>(null);
  return (
    <div className="card">
      <ActionButton
        onClick={async () => {
          const r = await client.signIn.passkey();
          setError(r.error);
          if (!r.error) await afterSignIn(r.data);
        }}
      >
        Continue with a passkey
      </ActionButton>
      <ErrorNote error={error} />
    </div>
  );
}

/** The signed-in user's passkeys: add one (this device or a security key), rename, delete. */
export function Passkeys() {
  const [error, setError] = useState<ApiError>(null);
  const [note, setNote] = useState<string | null>(null);
  const passkeys = useLoad(() => client.passkey.listUserPasskeys(), []);
  const after = async (p: Promise<{ error: ApiError }>, done: string) => {
    const r = await p;
    setError(r.error);
    setNote(r.error ? null : done);
    void passkeys.reload();
  };
  return (
    <section>
      <h1>Passkeys</h1>
      <p className="muted">
        A passkey signs you in with your device's screen lock or a security key: no password, nothing to phish. Adding
        one needs a recent sign-in.
      </p>
      <ErrorNote error={error ?? passkeys.error} />
      <OkNote note={note} />
      <Form
        className="card"
        onSubmit={({ name = "" }) => after(client.passkey.addPasskey({ name: name.trim() }), "Passkey added.")}
      >
        <label>
          Name (optional) <input name="name" maxLength={120} placeholder="Work laptop" />
        </label>
        <button type="submit">Add a passkey</button>
      </Form>
      {passkeys.data?.length === 0 && <p className="muted">No passkeys yet.</p>}
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Kind</th>
            <th>Added</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {passkeys.data?.map((p) => (
            <tr key={p.id} data-testid="passkey-row">
              <td data-testid="passkey-name">{p.name ?? "Unnamed passkey"}</td>
              <td>{p.backedUp ? "synced" : "this device only"}</td>
              <td>{new Date(p.createdAt).toLocaleString()}</td>
              <td>
                <ActionButton
                  onClick={() => {
                    const name = window.prompt("New name", p.name ?? "")?.trim();
                    if (name) return after(client.passkey.updatePasskey({ id: p.id, name }), "Passkey renamed.");
                  }}
                >
                  Rename
                </ActionButton>{" "}
                <ActionButton
                  confirm={`Delete the passkey "${p.name ?? "Unnamed passkey"}"? It will no longer sign you in.`}
                  onClick={() => after(client.passkey.deletePasskey({ id: p.id }), "Passkey deleted.")}
                >
                  Delete
                </ActionButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
