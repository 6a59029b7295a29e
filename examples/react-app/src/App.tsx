import { GatehouseUI } from "@gatehouse-auth/react-ui";
import { useRef } from "react";
import { client } from "./auth-client.js";
import { useEffect } from "react";
import { navigate, usePath } from "./router.js";
import { Link } from "./ui.js";
import { Account } from "./pages/Account.js";
import { Accounts } from "./pages/Accounts.js";
import { AdminPage } from "./pages/AdminPage.js";
import { ForgotPassword, ResetPassword } from "./pages/PasswordReset.js";
import { Home } from "./pages/Home.js";
import { InvitationPage } from "./pages/InvitationPage.js";
import { Mailbox } from "./pages/Mailbox.js";
import { Consent, DeviceApproval, PartnerCallback } from "./pages/OAuth.js";
import { OrganizationPage } from "./pages/OrganizationPage.js";
import { Phone } from "./pages/Phone.js";
import { PhoneSignIn } from "./pages/PhoneSignIn.js";
import { SignInPage } from "./pages/SignInPage.js";
import { SignUpPage } from "./pages/SignUpPage.js";
import { SecurityLog } from "./pages/SecurityLog.js";
import { SignedIn } from "./pages/SignedIn.js";
import { SsoSignIn } from "./pages/SsoSignIn.js";
import { TwoFactor } from "./pages/TwoFactor.js";
import { Shell } from "./shell.js";
import { UrlNotice } from "./url-notice.js";
import { useTheme } from "./use-theme.js";

/**
 * Pages that show the signed-in user's own data. Signed out, each would call list routes that can only
 * answer 401 (and log errors in the console), so they show a sign-in prompt instead. /accounts is not
 * here: it lists the accounts signed in on this browser, and "none" is its signed-out answer.
 */
const NEEDS_USER = new Set(["/account", "/phone", "/organizations", "/security", "/admin"]);

/** Asks a signed-out visitor to sign in, and brings them back to `path` afterwards. */
function SignInPrompt({ path }: { path: string }) {
  const next = `?next=${encodeURIComponent(path)}`;
  return (
    <section data-testid="sign-in-prompt">
      <p>
        <Link to={`/sign-in${next}`}>Sign in</Link> or <Link to={`/sign-up${next}`}>create an account</Link> to see this
        page.
      </p>
    </section>
  );
}

/**
 * Old paths whose page a component now covers: `<AccountSettings>` has the passkeys, API keys and
 * two-step verification cards; `<OrganizationSettings>` the single sign-on card. Bookmarks and old
 * links still land on the right page.
 */
const MOVED: Record<string, string> = {
  "/passkeys": "/account",
  "/api-keys": "/account",
  "/organizations/sso": "/organizations",
};

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

function Page({ path, signedIn }: { path: string; signedIn: boolean }) {
  const moved = MOVED[path];
  if (moved) return <Redirect to={moved} />;
  if (!signedIn && NEEDS_USER.has(path)) return <SignInPrompt path={path} />;
  if (path === "/sign-in") return <SignInPage />;
  if (path === "/sign-in/phone") return <PhoneSignIn />;
  if (path === "/sign-up") return <SignUpPage />;
  if (path === "/sign-in/sso") return <SsoSignIn />;
  if (path === "/two-factor") return <TwoFactor />;
  if (path === "/signed-in") return <SignedIn />;
  if (path === "/forgot-password") return <ForgotPassword />;
  if (path === "/reset-password") return <ResetPassword />;
  if (path === "/mailbox") return <Mailbox />;
  if (path.startsWith("/accept-invitation/")) return <InvitationPage id={path.slice("/accept-invitation/".length)} />;
  if (path === "/account") return <Account />;
  // The OAuth provider's pages (auth.mjs: consentPage, devicePage; the demo partner's callback).
  if (path === "/consent") return <Consent signedIn={signedIn} />;
  if (path === "/device") return <DeviceApproval signedIn={signedIn} />;
  if (path === "/partner/callback") return <PartnerCallback />;
  if (path === "/accounts") return <Accounts />;
  if (path === "/phone") return <Phone />;
  if (path === "/organizations") return <OrganizationPage />;
  if (path === "/security") return <SecurityLog />;
  if (path === "/admin") return <AdminPage />;
  return <Home />;
}

export function App() {
  const path = usePath();
  const { data, isPending } = client.useSession();
  // "Loading…" only until the session is first known: a later refetch (after a sign-in held for the
  // second factor, say) must not unmount the page, or <SignIn> would lose its step.
  const known = useRef(false);
  if (!isPending) known.current = true;
  const { scheme, picked, toggle } = useTheme();
  const user = data?.user as { name: string; email: string; role?: string } | undefined;
  const roles = user?.role?.split(",").map((r) => r.trim()) ?? [];
  const impersonatedBy = (data?.session as { impersonatedBy?: string | null } | undefined)?.impersonatedBy;
  return (
    // No pick: the components follow prefers-color-scheme themselves, as the page's CSS does.
    <GatehouseUI client={client} theme={picked ?? "system"}>
      <Shell scheme={scheme} onToggleTheme={toggle} roles={roles}>
        {impersonatedBy && (
          <div className="banner">
            Impersonating {user?.email}.{" "}
            <button
              type="button"
              onClick={() => client.admin.stopImpersonating().then(() => location.assign("/admin"))}
            >
              Stop impersonating
            </button>
          </div>
        )}
        <UrlNotice />
        <main>
          {!known.current ? <p className="muted">Loading…</p> : <Page path={path} signedIn={Boolean(user)} />}
        </main>
      </Shell>
    </GatehouseUI>
  );
}
