import { AccountSettings } from "@gatehouse-auth/react-ui";
import { client } from "../auth-client.js";
import { TryPartnerApp } from "./OAuth.js";

/**
 * /account: the drop-in `<AccountSettings>` (profile, username, email change, password, two-step
 * verification, passkeys, API keys, devices, linked accounts, authorized apps, delete), and the demo's
 * link that connects the Partner app, so the authorized-apps card has something to show.
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
      <TryPartnerApp />
    </section>
  );
}
