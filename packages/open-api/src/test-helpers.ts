// Shared by this package's tests: an auth with core, the organization, admin and API key plugins, and openAPI.
import { admin } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import type { AuthOptions } from "@gatehouse-auth/core";
import { makeTestAuth } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import type { OpenAPIOptions } from "./open-api-options.js";
import { openAPI } from "./open-api-plugin.js";

/** An auth on the memory adapter with organization (teams on), admin, apiKey and `openAPI(options)`. */
export function makeOpenAPIAuth(options: OpenAPIOptions = {}, extra: Partial<AuthOptions> = {}) {
  return makeTestAuth({
    ...extra,
    // The documented-response tests accept invitations as freshly signed-up (unverified) users.
    plugins: [
      organization({ teams: { enabled: true }, requireEmailVerificationOnInvitation: false }),
      admin(),
      apiKey(),
      openAPI(options),
    ],
  });
}
