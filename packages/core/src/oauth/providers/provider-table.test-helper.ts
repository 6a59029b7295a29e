import type { FakeOAuthServer, FakeReply, FakeRequest, FakeRoute } from "../../testing/fake-oauth-server.js";
import type { OAuthProvider } from "../oauth-provider.js";
import type { ClientAuthPlacement } from "./strict-fake-provider.test-helper.js";

/** One sign-in through a provider: what it answers and the user Gatehouse must make of it. */
export interface ProviderCase {
  /** What the provider knows about the person; the row turns it into its user-info answer and ID token. */
  person: Record<string, unknown>;
  /** The signed-in user as /get-session shows it. */
  user: { email: string; emailVerified: boolean; name: string; image: string | null };
}

/**
 * One provider of the table: how to build it, what the real provider checks (the fake checks the
 * same), and the cases of its profile. Paths are on the fake: by default /authorize, /token,
 * /userinfo, /jwks and /revoke.
 */
export interface ProviderRow {
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: each provider function takes its own options type.
  build: (config: any) => OAuthProvider;
  /** Options beside the client credentials and endpoints (the issuer of a test server, a tenant, …). */
  config?: (fake: FakeOAuthServer) => Record<string, unknown>;
  /** The scope parameter of the authorization URL with the defaults. */
  scope: string | null;
  pkce: boolean;
  auth: ClientAuthPlacement;
  /** The parameter naming the client in the authorization URL; default client_id. */
  clientIdParam?: string;
  redirectAtToken?: boolean;
  tokenPath?: string;
  refreshPath?: string;
  /** User info: the route (method and path) and how the access token is presented. */
  userInfo?: {
    route?: string;
    token?: "bearer" | { query: string } | { form: string };
    answer: (p: ProviderCase["person"]) => unknown;
  };
  /** ID token claims for a person (issued by the fake, nonce added); absent: no ID token. */
  claims?: (fake: FakeOAuthServer, p: ProviderCase["person"]) => Record<string, unknown>;
  /** Further fields of the token answer. */
  tokenFields?: (p: ProviderCase["person"]) => Record<string, unknown>;
  routes?: (p: ProviderCase["person"]) => Record<string, FakeRoute>;
  /** The stored account id (the provider's user id). */
  accountId: string;
  /** The first case is the main sign-in; others (an unverified email, …) run as sign-ups of their own. */
  cases: ProviderCase[];
  /** The provider shares no email: the row's config has a mapProfile that supplies one. */
  sharesNoEmail?: boolean;
  /** The provider refreshes tokens (default true). */
  refresh?: boolean;
  /** Apple: the provider POSTs the callback. */
  formPost?: boolean;
  /** What else the provider adds to its redirect (VK ID's device_id). */
  extraQuery?: Record<string, string>;
  /** The provider's own answer to a used code (GitHub's 200 with an error, Kick's plain text, …). */
  refusal?: FakeReply;
  /**
   * How the provider takes a revocation at /revoke: an RFC 7009 form (`rfc7009`, client
   * authenticated like at the token endpoint), or assertions on its own request. Absent: it cannot.
   */
  revoke?: "rfc7009" | ((req: FakeRequest, token: string) => void);
}
