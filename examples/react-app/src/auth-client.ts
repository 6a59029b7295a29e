import { adminClient } from "@gatehouse/admin/client";
import { apiKeyClient } from "@gatehouse/api-key/client";
import { organizationClient } from "@gatehouse/organization/client";
import { phoneNumberClient } from "@gatehouse/phone-number/client";
import { createAuthClient } from "@gatehouse/react";

/** One client for the whole app: same origin, every plugin. */
export const client = createAuthClient({
  plugins: [organizationClient(), adminClient(), apiKeyClient(), phoneNumberClient()],
});
