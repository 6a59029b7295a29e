import { type AuthContext, generateRandomString } from "@gatehouse-auth/core";
import { GRANT_MODELS } from "./grants-schema.js";
import { hashToken } from "./issue-code.js";
import { AUTHORIZATION_PARAMS } from "./parse-authorization-request.js";

/** RFC 9126 §2.2: the `request_uri` a push answers is a URN of this form. */
export const REQUEST_URI_PREFIX = "urn:ietf:params:oauth:request_uri:";

type Auth = Pick<AuthContext, "db" | "now">;

/** A pushed request found for its client: the row to spend, and the parameters to run. */
export interface PushedRequest {
  id: string;
  requestUri: string;
  params: Record<string, string>;
}

/** The authorization parameters of `query` and nothing else (what a push stores and a resume rewrites). */
export function authorizationParams(query: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of AUTHORIZATION_PARAMS) if (query[name] !== undefined) out[name] = query[name];
  return out;
}

/** Stores a checked request for its client; answers the `request_uri` (kept only as a hash). */
export async function pushRequest(
  auth: Auth,
  clientId: string,
  params: Record<string, string>,
  expiresIn: number,
): Promise<string> {
  const requestUri = `${REQUEST_URI_PREFIX}${generateRandomString(43)}`;
  await auth.db.create({
    model: GRANT_MODELS.pushedRequest,
    data: {
      requestHash: hashToken(requestUri),
      clientId,
      params: authorizationParams(params),
      expiresAt: new Date(auth.now() + expiresIn * 1000),
    },
  });
  return requestUri;
}

/**
 * The live request behind `requestUri`, only for the client that pushed it (RFC 9126 §4: the
 * `client_id` of the authorization request must be the pusher's); null for anything else.
 */
export async function findPushedRequest(
  auth: Auth,
  clientId: string | undefined,
  requestUri: string,
): Promise<PushedRequest | null> {
  if (!clientId || !requestUri.startsWith(REQUEST_URI_PREFIX) || requestUri.length > 128) return null;
  const row = await auth.db.findOne<{ id: string; clientId: string; params: unknown; expiresAt: Date }>({
    model: GRANT_MODELS.pushedRequest,
    where: [{ field: "requestHash", value: hashToken(requestUri) }],
  });
  if (!row || row.clientId !== clientId || new Date(row.expiresAt).getTime() <= auth.now()) return null;
  const stored = typeof row.params === "string" ? JSON.parse(row.params) : row.params;
  if (!stored || typeof stored !== "object") return null;
  return { id: row.id, requestUri, params: authorizationParams(stored as Record<string, string>) };
}

/** The request as it must resume after sign-in (without what sent the user there). */
export async function rewritePushedRequest(auth: Auth, pushed: PushedRequest, params: Record<string, string>) {
  await auth.db.update({
    model: GRANT_MODELS.pushedRequest,
    where: [{ field: "id", value: pushed.id }],
    update: { params: authorizationParams(params) },
  });
}

/** Spends the request for the one code it yields: true for the one caller that deleted it. */
export async function spendPushedRequest(auth: Auth, pushed: PushedRequest): Promise<boolean> {
  const deleted = await auth.db.deleteMany({
    model: GRANT_MODELS.pushedRequest,
    where: [{ field: "id", value: pushed.id }],
  });
  return deleted === 1;
}
