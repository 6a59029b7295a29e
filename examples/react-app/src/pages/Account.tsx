import { AccountSettings } from "@gatehouse-auth/react-ui";
import { useState } from "react";
import { client } from "../auth-client.js";
import { type ApiError, ErrorNote, Form, OkNote } from "../ui.js";
import { AuthorizedApps } from "./OAuth.js";

/** The username plugin's fields on the user. */
interface UsernameFields {
  username?: string | null;
  displayUsername?: string | null;
}

/**
 * /account: the drop-in `<AccountSettings>` (profile and email change, password, two-step verification,
 * passkeys, API keys, devices, linked accounts, delete), then what it has no card for: the username
 * (username plugin) and the apps authorized through this server's OAuth provider.
 */
export function Account() {
  const { data: session } = client.useSession();
  if (!session) return null;
  return (
    <section className="settings-page">
      <h1>Account</h1>
      <p className="muted" data-testid="account-email">
        Signed in as <strong>{session.user.email}</strong>
      </p>
      <AccountSettings changeEmail deleteAccount afterDeleteUrl="/?deleted=1" />
      <Username user={session.user as typeof session.user & UsernameFields} />
      <AuthorizedApps />
    </section>
  );
}

/** The username (sign-in by username): `<AccountSettings>`'s profile card edits the name only. */
function Username({ user }: { user: UsernameFields }) {
  const [error, setError] = useState<ApiError>(null);
  const [note, setNote] = useState<string | null>(null);
  return (
    <Form
      className="card"
      onSubmit={async ({ username = "" }) => {
        const r = await client.updateUser({ username: username.trim() });
        setError(r.error);
        setNote(r.error ? null : "Username saved.");
      }}
    >
      <h2>Username</h2>
      <label>
        Username{" "}
        <input
          name="username"
          defaultValue={user.displayUsername ?? user.username ?? ""}
          required
          minLength={3}
          maxLength={30}
          pattern="[A-Za-z0-9_.]+"
          title="Letters, digits, dots and underscores"
          autoComplete="username"
        />
      </label>
      <button type="submit">Save username</button>
      <OkNote note={note} />
      <ErrorNote error={error} />
    </Form>
  );
}
