// The page the browser test renders the components on: `?c=<Component>` picks one, `?theme=` its theme.
import { apiKeyClient } from "@gatehouse-auth/api-key/client";
import { emailOTPClient } from "@gatehouse-auth/email-otp/client";
import { magicLinkClient } from "@gatehouse-auth/magic-link/client";
import { oauthProviderClient } from "@gatehouse-auth/oauth-provider/client";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { passkeyClient } from "@gatehouse-auth/passkey/client";
import { phoneNumberClient } from "@gatehouse-auth/phone-number/client";
import { scimClient } from "@gatehouse-auth/scim/client";
import { ssoClient } from "@gatehouse-auth/sso/client";
import { createAuthClient } from "@gatehouse-auth/react";
import { twoFactorClient } from "@gatehouse-auth/two-factor/client";
import { usernameClient } from "@gatehouse-auth/username/client";
import type { ReactElement } from "react";
import { createRoot } from "react-dom/client";
import {
  AcceptInvitation,
  AccountSettings,
  ForgotPassword,
  GatehouseUI,
  OrganizationSettings,
  OrganizationSwitcher,
  RequireRole,
  ResetPassword,
  SignIn,
  SignUp,
  SignedIn,
  SignedOut,
  type Theme,
  UserButton,
  VerifyEmail,
} from "../src/index.js";

const client = createAuthClient({
  plugins: [
    magicLinkClient(),
    emailOTPClient(),
    passkeyClient(),
    usernameClient(),
    twoFactorClient(),
    organizationClient(),
    apiKeyClient(),
    ssoClient(),
    scimClient(),
    phoneNumberClient(),
    oauthProviderClient(),
  ],
});

function Guards() {
  const session = client.useSession();
  return (
    <div>
      <SignedIn>
        <p data-testid="signed-in">Signed in as {session.data?.user.name}</p>
      </SignedIn>
      <SignedOut>
        <p data-testid="signed-out">Signed out</p>
      </SignedOut>
      <RequireRole roles="admin" fallback={<p data-testid="not-admin">Not an admin</p>}>
        <p data-testid="admin">Admin</p>
      </RequireRole>
    </div>
  );
}

const params = new URLSearchParams(location.search);
const which = params.get("c") ?? "SignIn";
const theme = (params.get("theme") ?? "system") as Theme;
const components: Record<string, () => ReactElement> = {
  SignIn: () => <SignIn signUpUrl="/?c=SignUp" forgotPasswordUrl="/?c=ForgotPassword" redirectTo="/?c=Guards" />,
  // The app navigates itself (a client-side router's push) instead of a redirectTo.
  SignInCallback: () => <SignIn onSignedIn={() => window.location.assign("/?c=Guards")} />,
  SignUp: () => <SignUp signInUrl="/?c=SignIn" redirectTo="/?c=Guards" />,
  ForgotPassword: () => <ForgotPassword resetPasswordUrl="/?c=ResetPassword" signInUrl="/?c=SignIn" />,
  ResetPassword: () => <ResetPassword signInUrl="/?c=SignIn" />,
  VerifyEmail: () => <VerifyEmail />,
  Guards: () => <Guards />,
  AccountSettings: () => (
    <AccountSettings
      changeEmail
      deleteAccount
      afterDeleteUrl="/?c=Guards"
      pageSize={Number(new URLSearchParams(location.search).get("pageSize") ?? 20)}
    />
  ),
  UserButton: () => (
    <header className="bar">
      <span>Acme</span>
      <UserButton accountUrl="/?c=Guards" afterSignOutUrl="/?c=Guards" />
    </header>
  ),
};
const pageSize = Number(params.get("pageSize") ?? 20);
Object.assign(components, {
  Organization: () => (
    <>
      <header className="bar">
        <OrganizationSwitcher pageSize={pageSize} />
      </header>
      <OrganizationSettings pageSize={pageSize} />
    </>
  ),
  OrganizationSwitcher: () => <OrganizationSwitcher pageSize={pageSize} />,
  AcceptInvitation: () => (
    <AcceptInvitation invitationId={params.get("id") ?? ""} signInUrl="/?c=SignIn" afterAcceptUrl="/?c=Organization" />
  ),
});
const Component = components[which] ?? components.SignIn;

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <GatehouseUI client={client} theme={theme}>
      <main className="page">
        <h1 className="page-title">Component: {which}</h1>
        {Component && <Component />}
      </main>
    </GatehouseUI>,
  );
