import { adminClient } from "@gatehouse-auth/admin/client";
import { apiKeyClient } from "@gatehouse-auth/api-key/client";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { phoneNumberClient } from "@gatehouse-auth/phone-number/client";
import { createAuthClient } from "@gatehouse-auth/react";
import { emailOTPClient } from "@gatehouse-auth/email-otp/client";
import { magicLinkClient } from "@gatehouse-auth/magic-link/client";
import { twoFactorClient } from "@gatehouse-auth/two-factor/client";
import { usernameClient } from "@gatehouse-auth/username/client";
import { passkeyClient } from "@gatehouse-auth/passkey/client";
import { multiSessionClient } from "@gatehouse-auth/multi-session/client";
import { auditLogClient } from "@gatehouse-auth/audit-log/client";
import { oauthProviderClient } from "@gatehouse-auth/oauth-provider/client";
import { scimClient } from "@gatehouse-auth/scim/client";
import { ssoClient } from "@gatehouse-auth/sso/client";

/** One client for the whole app: same origin, every plugin. */
export const client = createAuthClient({
  plugins: [
    organizationClient(),
    adminClient(),
    apiKeyClient(),
    phoneNumberClient(),
    usernameClient(),
    magicLinkClient(),
    emailOTPClient(),
    passkeyClient(),
    multiSessionClient(),
    auditLogClient(),
    // The provider side: consent, authorized apps and device approval pages.
    oauthProviderClient(),
    // Organization → Single sign-on: connections, domain verification, enforcement, SCIM tokens.
    ssoClient(),
    scimClient(),
    // No onTwoFactorRedirect: <SignIn> shows the second step in place; the app's own forms (phone) and
    // the server's redirects (an email link held for a second factor) go to /two-factor themselves.
    twoFactorClient(),
  ],
});
