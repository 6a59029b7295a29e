import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://linear.app/oauth/authorize",
  token: "https://api.linear.app/oauth/token",
  // Linear's API is GraphQL only: the profile is the `viewer` query.
  userInfo: "https://api.linear.app/graphql",
  revocation: "https://api.linear.app/oauth/revoke",
} satisfies DefinedEndpoints;
const VIEWER_QUERY = "query { viewer { id name displayName email avatarUrl active } }";

interface LinearViewer {
  id: string;
  name?: string;
  displayName?: string;
  email?: string;
  avatarUrl?: string | null;
  active?: boolean;
}

/**
 * Linear. Scope `read`, PKCE S256, client secret in the token form. The profile is the GraphQL
 * `viewer`; a deactivated member is not let in. Linear does not say whether the email is verified,
 * so it is not counted as verified. Revocation at /oauth/revoke (RFC 7009 style).
 */
export const linear = defineProvider({
  id: "linear",
  name: "Linear",
  endpoints: ENDPOINTS,
  defaultScopes: ["read"],
  pkce: true,
  clientAuthentication: "post",
  revoke: {},
  async userInfo(tokens, { endpoints, config }) {
    if (!tokens.accessToken) return null;
    try {
      const response = await (config.fetch ?? fetch)(endpoints.userInfo ?? ENDPOINTS.userInfo, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens.accessToken}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify({ query: VIEWER_QUERY }),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { data?: { viewer?: LinearViewer } } | null;
      return body?.data?.viewer ?? null;
    } catch {
      return null;
    }
  },
  profile: (viewer: LinearViewer) =>
    typeof viewer.id !== "string" || viewer.active === false
      ? null
      : {
          id: viewer.id,
          ...providerEmail(viewer.email),
          name: viewer.name || viewer.displayName || "",
          image: viewer.avatarUrl ?? null,
        },
});
