import { GatehouseUI } from "@gatehouse-auth/react-ui";
import { client } from "./auth-client.js";
import { usePath } from "./router.js";
import { Link } from "./ui.js";
import { AcceptInvitation } from "./pages/AcceptInvitation.js";
import { Account } from "./pages/Account.js";
import { Accounts } from "./pages/Accounts.js";
import { AdminPage } from "./pages/AdminPage.js";
import { ApiKeys } from "./pages/ApiKeys.js";
import { ForgotPassword, ResetPassword } from "./pages/PasswordReset.js";
import { Home } from "./pages/Home.js";
import { Mailbox } from "./pages/Mailbox.js";
import { Consent, DeviceApproval, PartnerCallback } from "./pages/OAuth.js";
import { Organizations } from "./pages/Organizations.js";
import { Passkeys } from "./pages/Passkeys.js";
import { Phone } from "./pages/Phone.js";
import { SignIn, SignUp } from "./pages/SignIn.js";
import { SecurityLog } from "./pages/SecurityLog.js";
import { SignedIn } from "./pages/SignedIn.js";
import { SingleSignOn } from "./pages/SingleSignOn.js";
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
const NEEDS_USER = new Set([
  "/account",
  "/phone",
  "/organizations",
  "/organizations/sso",
  "/api-keys",
  "/passkeys",
  "/security",
  "/admin",
]);

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

function Page({ path, signedIn }: { path: string; signedIn: boolean }) {
  if (!signedIn && NEEDS_USER.has(path)) return <SignInPrompt path={path} />;
  if (path === "/sign-in") return <SignIn />;
  if (path === "/sign-up") return <SignUp />;
  if (path === "/sign-in/sso") return <SsoSignIn />;
  if (path === "/two-factor") return <TwoFactor />;
  if (path === "/signed-in") return <SignedIn />;
  if (path === "/forgot-password") return <ForgotPassword />;
  if (path === "/reset-password") return <ResetPassword />;
  if (path === "/mailbox") return <Mailbox />;
  if (path.startsWith("/accept-invitation/")) return <AcceptInvitation id={path.slice("/accept-invitation/".length)} />;
  if (path === "/account") return <Account />;
  // The OAuth provider's pages (auth.mjs: consentPage, devicePage; the demo partner's callback).
  if (path === "/consent") return <Consent signedIn={signedIn} />;
  if (path === "/device") return <DeviceApproval signedIn={signedIn} />;
  if (path === "/partner/callback") return <PartnerCallback />;
  if (path === "/accounts") return <Accounts />;
  if (path === "/phone") return <Phone />;
  if (path === "/organizations") return <Organizations />;
  if (path === "/organizations/sso") return <SingleSignOn />;
  if (path === "/api-keys") return <ApiKeys />;
  if (path === "/passkeys") return <Passkeys />;
  if (path === "/security") return <SecurityLog />;
  if (path === "/admin") return <AdminPage />;
  return <Home />;
}

export function App() {
  const path = usePath();
  const { data, isPending } = client.useSession();
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
        <main>{isPending ? <p className="muted">Loading…</p> : <Page path={path} signedIn={Boolean(user)} />}</main>
      </Shell>
    </GatehouseUI>
  );
}
