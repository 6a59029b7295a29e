// The page the browser test renders the components on: `?c=<Component>` picks one, `?theme=` its theme.
import { emailOTPClient } from "@gatehouse-auth/email-otp/client";
import { magicLinkClient } from "@gatehouse-auth/magic-link/client";
import { passkeyClient } from "@gatehouse-auth/passkey/client";
import { createAuthClient } from "@gatehouse-auth/react";
import { twoFactorClient } from "@gatehouse-auth/two-factor/client";
import { usernameClient } from "@gatehouse-auth/username/client";
import type { ReactElement } from "react";
import { createRoot } from "react-dom/client";
import {
  AccountSettings,
  ForgotPassword,
  GatehouseUI,
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
  plugins: [magicLinkClient(), emailOTPClient(), passkeyClient(), usernameClient(), twoFactorClient()],
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
  SignUp: () => <SignUp signInUrl="/?c=SignIn" redirectTo="/?c=Guards" />,
  ForgotPassword: () => <ForgotPassword resetPasswordUrl="/?c=ResetPassword" signInUrl="/?c=SignIn" />,
  ResetPassword: () => <ResetPassword signInUrl="/?c=SignIn" />,
  VerifyEmail: () => <VerifyEmail />,
  Guards: () => <Guards />,
  AccountSettings: () => <AccountSettings changeEmail deleteAccount afterDeleteUrl="/?c=Guards" />,
  UserButton: () => (
    <header className="bar">
      <span>Acme</span>
      <UserButton accountUrl="/?c=Guards" afterSignOutUrl="/?c=Guards" />
    </header>
  ),
};
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
