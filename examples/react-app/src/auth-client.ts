import { adminClient } from "@gatehouse/admin/client";
import { apiKeyClient } from "@gatehouse/api-key/client";
import { organizationClient } from "@gatehouse/organization/client";
import { phoneNumberClient } from "@gatehouse/phone-number/client";
import { createAuthClient } from "@gatehouse/react";
import { emailOTPClient } from "@gatehouse/email-otp/client";
import { magicLinkClient } from "@gatehouse/magic-link/client";
import { twoFactorClient } from "@gatehouse/two-factor/client";
import { usernameClient } from "@gatehouse/username/client";
import { passkeyClient } from "@gatehouse/passkey/client";
import { multiSessionClient } from "@gatehouse/multi-session/client";
import { auditLogClient } from "@gatehouse/audit-log/client";
import { navigate } from "./router.js";

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
    // Any sign-in held for a second factor (password, code, phone…) goes to the code page.
    twoFactorClient({ onTwoFactorRedirect: () => navigate("/two-factor") }),
  ],
});
