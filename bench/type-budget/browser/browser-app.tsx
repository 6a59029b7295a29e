// A React app as a browser project builds it: the client, the React bindings and every plugin's
// /client export, checked with no Node types and skipLibCheck off (see tsconfig.json beside it).
import { adminClient } from "@gatehouse-auth/admin/client";
import { apiKeyClient } from "@gatehouse-auth/api-key/client";
import { auditLogClient } from "@gatehouse-auth/audit-log/client";
import { bearerFetchOptions } from "@gatehouse-auth/bearer/client";
import type { ClientResult } from "@gatehouse-auth/client";
import { emailOTPClient } from "@gatehouse-auth/email-otp/client";
import { jwtClient } from "@gatehouse-auth/jwt/client";
import { magicLinkClient } from "@gatehouse-auth/magic-link/client";
import { multiSessionClient } from "@gatehouse-auth/multi-session/client";
import { openAPIClient } from "@gatehouse-auth/open-api/client";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { passkeyClient } from "@gatehouse-auth/passkey/client";
import { isPasswordTooWeak, passwordCheckClient } from "@gatehouse-auth/password-check/client";
import { phoneNumberClient } from "@gatehouse-auth/phone-number/client";
import { createAuthClient } from "@gatehouse-auth/react";
import { twoFactorClient } from "@gatehouse-auth/two-factor/client";
import { usernameClient } from "@gatehouse-auth/username/client";

export const client = createAuthClient({
  baseURL: "http://localhost:3000",
  fetchOptions: bearerFetchOptions({
    get: () => localStorage.getItem("token"),
    set: (t) => localStorage.setItem("token", t),
  }),
  plugins: [
    adminClient(),
    apiKeyClient(),
    auditLogClient(),
    emailOTPClient(),
    jwtClient(),
    magicLinkClient(),
    multiSessionClient(),
    openAPIClient(),
    organizationClient(),
    passkeyClient(),
    passwordCheckClient(),
    phoneNumberClient(),
    twoFactorClient(),
    usernameClient(),
  ],
});

export async function signIn(email: string, password: string): Promise<string | undefined> {
  const result = await client.signIn.email({ email, password });
  if (result.error) return isPasswordTooWeak(result.error) ? "weak" : result.error.message;
  const session: ClientResult<unknown> = await client.getSession();
  return session.error?.message;
}

export function Account() {
  const { data } = client.useSession();
  const orgs = client.useListOrganizations();
  if (!data) return <p>Sign in to see your account.</p>;
  return (
    <ul>
      <li>{data.user.email}</li>
      {orgs.data?.map((o) => (
        <li key={o.id}>{o.name}</li>
      ))}
    </ul>
  );
}
