import { AccountApiKeys } from "./account-api-keys.js";
import { AccountAuthorizedApps } from "./account-authorized-apps.js";
import { AccountDelete } from "./account-delete.js";
import { AccountLinked, type LinkedAccount } from "./account-linked.js";
import { AccountPasskeys } from "./account-passkeys.js";
import { AccountPassword } from "./account-password.js";
import { AccountProfile } from "./account-profile.js";
import { AccountSessions } from "./account-sessions.js";
import { ACCOUNT_CSS, ACCOUNT_SECURITY_CSS } from "./account-styles.js";
import { AccountTwoFactor, type QrCodeDrawer } from "./account-two-factor.js";
import { AccountUsername } from "./account-username.js";
import { useCapabilities } from "./capabilities.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { StepUpMethods } from "./step-up.js";
import { useListing } from "./use-listing.js";

export interface AccountSettingsProps {
  /**
   * Offer the email change: the server's `user.changeEmail.enabled` (GET /capabilities does not say it).
   * Default false.
   */
  changeEmail?: boolean;
  /** Offer account deletion: the server's `user.deleteUser.enabled`. Default false. */
  deleteAccount?: boolean;
  /** Where to go once the account is deleted (and the deletion email's link lands). */
  afterDeleteUrl?: string;
  /** Passkeys, API keys and authorized apps per page (the server caps it at 100). Default 20. */
  pageSize?: number;
  /**
   * Draws the two-factor setup's QR code as SVG. Default: `totpQrCodeSvg` of @gatehouse-auth/two-factor/qr,
   * loaded only when the setup step shows.
   */
  qrCode?: QrCodeDrawer;
  /**
   * The username plugin's `minUsernameLength` and `maxUsernameLength` (GET /capabilities does not say
   * them), so "too short" and "too long" are said before asking. Default the plugin's: 3 and 30.
   */
  usernameLength?: { min: number; max: number };
}

/**
 * The signed-in user's settings, one card per section: profile (name, email), username, password,
 * two-step verification, passkeys, API keys, authorized apps, devices, linked accounts, delete account.
 * Sections follow the server: password only with email-and-password on; username, two-factor, passkeys,
 * API keys and authorized apps only when it has those plugins; link buttons for its social providers. Renders nothing signed out (wrap the page in `<SignedIn>`).
 */
export function AccountSettings({
  changeEmail = false,
  deleteAccount = false,
  afterDeleteUrl,
  pageSize = 20,
  qrCode,
  usernameLength = { min: 3, max: 30 },
}: AccountSettingsProps) {
  const { client, capabilities: given } = useGatehouseUI();
  const { data } = client.useSession();
  const caps = useCapabilities(client, given);
  // One listing for two sections: linked accounts shows it, delete asks for a password only when the
  // user has one (a social-only user confirms by the server's fresh-session rule instead).
  const accounts = useListing<LinkedAccount>("listAccounts", data !== null);
  if (!data) return null;
  const password = caps?.emailAndPassword.enabled === true;
  const hasPassword = password && (accounts.items ?? []).some((a) => a.providerId === "credential");
  const plugins = caps?.plugins ?? [];
  return (
    // What a card's re-authentication prompt offers when the server wants a fresh session.
    <StepUpMethods.Provider value={{ password: hasPassword, passkey: plugins.includes("passkey") }}>
      <div className="gh-settings" data-testid="gh-account-settings">
        <style>{ACCOUNT_CSS + ACCOUNT_SECURITY_CSS}</style>
        <AccountProfile user={data.user} changeEmail={changeEmail} />
        {plugins.includes("username") && (
          <AccountUsername user={data.user} min={usernameLength.min} max={usernameLength.max} />
        )}
        {password && caps && (
          <AccountPassword
            min={caps.emailAndPassword.minPasswordLength}
            max={caps.emailAndPassword.maxPasswordLength}
          />
        )}
        {plugins.includes("two-factor") && (
          <AccountTwoFactor
            enabled={(data.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled === true}
            // Until the accounts are known, a password is assumed when the server has passwords on.
            askPassword={accounts.items === undefined ? password : hasPassword}
            qrCode={qrCode}
          />
        )}
        {plugins.includes("passkey") && <AccountPasskeys pageSize={pageSize} />}
        {plugins.includes("api-key") && <AccountApiKeys pageSize={pageSize} />}
        {plugins.includes("oauth-provider") && <AccountAuthorizedApps pageSize={pageSize} />}
        <AccountSessions />
        <AccountLinked providers={caps?.socialProviders ?? []} items={accounts.items} reload={accounts.reload} />
        {deleteAccount && <AccountDelete askPassword={hasPassword} {...(afterDeleteUrl ? { afterDeleteUrl } : {})} />}
      </div>
    </StepUpMethods.Provider>
  );
}
