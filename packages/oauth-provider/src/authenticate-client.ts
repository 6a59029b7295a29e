import { type AuthContext, base64ToBytes } from "@gatehouse-auth/core";
import { JWT_BEARER_ASSERTION, verifyClientAssertion } from "./client-assertion.js";
import type { JwksCache } from "./client-jwks.js";
import { OAuthError } from "./oauth-error.js";
import { type ClientStore, type OAuthClient, secretMatches } from "./oauth-client.js";

type Form = Readonly<Record<string, unknown>>;

const invalidClient = () => new OAuthError("invalid_client", "Client authentication failed", 401);

/** `user:pass` of a Basic header, each form-urlencoded (RFC 6749 §2.3.1); null when malformed. */
function readBasic(header: string): { id: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/]+={0,2})$/i.exec(header.trim());
  const bytes = match ? base64ToBytes(match[1] as string) : null;
  if (!bytes) return null;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  const colon = text.indexOf(":");
  if (colon < 0) return null;
  try {
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
    return { id: decode(text.slice(0, colon)), secret: decode(text.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** What `private_key_jwt` needs: the audiences an assertion may name, and the clients' key sets. */
export interface AssertionCheck {
  audiences: readonly string[];
  jwks: JwksCache;
}

/**
 * Authenticates the client of a token, introspection or revocation request: `client_secret_basic`,
 * `client_secret_post`, `private_key_jwt` (with `assertion`), or `none` (a public client naming
 * itself). A client registered for a key or a secret must prove it. Anything wrong is 401
 * invalid_client, the same answer whether the client is unknown or the proof wrong.
 */
export async function authenticateClient(
  auth: Pick<AuthContext, "db" | "now">,
  clients: ClientStore,
  authorization: string | null,
  form: Form,
  assertion?: AssertionCheck,
): Promise<OAuthClient> {
  const bodyId = typeof form.client_id === "string" ? form.client_id : null;
  const bodySecret = typeof form.client_secret === "string" ? form.client_secret : null;
  const bodyAssertion = form.client_assertion !== undefined || form.client_assertion_type !== undefined;
  // RFC 6749 §2.3: one method per request.
  const methods = [authorization?.toLowerCase().startsWith("basic "), bodySecret !== null, bodyAssertion];
  if (methods.filter(Boolean).length > 1)
    throw new OAuthError("invalid_request", "Use one client authentication method");
  if (bodyAssertion) return authenticateByAssertion(auth, clients, form, bodyId, assertion);
  if (authorization?.toLowerCase().startsWith("basic ")) {
    const basic = readBasic(authorization);
    if (!basic || (bodyId !== null && bodyId !== basic.id)) throw invalidClient();
    const client = await clients.find(auth, basic.id);
    // A key client proves itself with its keys only, whatever its row holds.
    if (!client || client.disabled || !client.tokenEndpointAuthMethod.startsWith("client_secret_"))
      throw invalidClient();
    if (!secretMatches(client, basic.secret)) throw invalidClient();
    return client;
  }
  if (bodyId === null) throw invalidClient();
  const client = await clients.find(auth, bodyId);
  if (!client || client.disabled || client.tokenEndpointAuthMethod === "private_key_jwt") throw invalidClient();
  if (client.secretHash === null) {
    if (bodySecret !== null) throw invalidClient();
    return client;
  }
  if (bodySecret === null || !secretMatches(client, bodySecret)) throw invalidClient();
  return client;
}

/** RFC 7523 §2.2: the client named by the assertion (and by client_id, when given, the same one). */
async function authenticateByAssertion(
  auth: Pick<AuthContext, "db" | "now">,
  clients: ClientStore,
  form: Form,
  bodyId: string | null,
  check: AssertionCheck | undefined,
): Promise<OAuthClient> {
  const jwt = typeof form.client_assertion === "string" ? form.client_assertion : null;
  if (form.client_assertion_type !== JWT_BEARER_ASSERTION || jwt === null || !check) throw invalidClient();
  // The issuer is read unverified only to find the keys; verifyClientAssertion then checks iss and sub.
  let claimed: unknown;
  try {
    const payload = base64ToBytes(jwt.split(".")[1] ?? "");
    claimed = payload ? JSON.parse(new TextDecoder().decode(payload)).iss : null;
  } catch {
    throw invalidClient();
  }
  if (typeof claimed !== "string" || (bodyId !== null && bodyId !== claimed)) throw invalidClient();
  const client = await clients.find(auth, claimed);
  if (!client || client.disabled || client.tokenEndpointAuthMethod !== "private_key_jwt") throw invalidClient();
  await verifyClientAssertion(auth, check.jwks, client, jwt, check.audiences);
  return client;
}

/**
 * An introspection or revocation request (RFC 7662 §2.1, RFC 7009 §2.1): the authenticated client and
 * the `token` it presents (400 invalid_request without one).
 */
export async function readClientTokenRequest(
  auth: Pick<AuthContext, "db" | "now">,
  clients: ClientStore,
  authorization: string | null,
  form: Form,
  assertion?: AssertionCheck,
): Promise<{ client: OAuthClient; presented: string }> {
  const client = await authenticateClient(auth, clients, authorization, form, assertion);
  const presented = typeof form.token === "string" ? form.token : null;
  if (!presented) throw new OAuthError("invalid_request", "token is required");
  return { client, presented };
}
