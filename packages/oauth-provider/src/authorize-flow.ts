import {
  type EndpointContext,
  EndpointResponse,
  type SessionRequirement,
  type SessionWithUser,
  authUrl,
  redirectTo,
} from "@gatehouse-auth/core";
import { signConsentQuery } from "./consent-query.js";
import { findConsentedScopes } from "./consent-store.js";
import { idTokenHintSubject } from "./id-token-hint.js";
import { issueCode, withState } from "./issue-code.js";
import { issuerOf } from "./issuer-of.js";
import { OAuthError } from "./oauth-error.js";
import type { ClientStore } from "./oauth-client.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import {
  type AuthorizationRequest,
  UntrustedRedirectError,
  parseAuthorizationRequest,
  resolveClientRedirect,
} from "./parse-authorization-request.js";
import { type PushedRequest, rewritePushedRequest, spendPushedRequest } from "./pushed-requests.js";
import { clientRedirectUrl } from "./redirect-to-client.js";
import { subjectFor } from "./subject.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/**
 * A navigation gets a 302; a script's `fetch` (Sec-Fetch-Mode: cors) cannot read a cross-origin
 * Location, so it gets `{ redirect, url }` to follow itself.
 */
export function navigate(ctx: Ctx, url: string): EndpointResponse {
  if (ctx.headers.get("sec-fetch-mode") === "cors") return new EndpointResponse(200, { redirect: true, url });
  return new EndpointResponse(302, null, { location: url });
}

/** Where the browser goes when the client or redirect URI is unusable: our own error page. */
export function errorPage(ctx: Ctx, error: string): EndpointResponse {
  const target = redirectTo(ctx, authUrl(ctx, "/error"), { params: { error } });
  return navigate(ctx, target.headers.location as string);
}

/**
 * The authorization decision for `query` (from GET /oauth2/authorize, or the consent page's signed
 * query once the user answered): a redirect to the client with a code or an error, to sign-in, or to
 * the consent page. `consented` is the scope set the user just accepted on the consent page; `pushed`
 * the pushed request (RFC 9126) `query` came from, spent by the code it yields.
 */
export async function runAuthorization(
  ctx: Ctx,
  o: ResolvedOAuthProviderOptions,
  clients: ClientStore,
  query: Readonly<Record<string, string>>,
  signedIn: SessionWithUser | null,
  consented: readonly string[] | null = null,
  pushed: PushedRequest | null = null,
): Promise<EndpointResponse> {
  let target: Awaited<ReturnType<typeof resolveClientRedirect>>;
  try {
    target = await resolveClientRedirect(ctx.auth, clients, query);
  } catch (error) {
    if (error instanceof UntrustedRedirectError) return errorPage(ctx, "invalid_client");
    throw error;
  }
  const state = query.state !== undefined && query.state.length <= 1024 ? query.state : null;
  try {
    // The consent page's answer (consented) is already the pushed request's when it came from one.
    if (pushed === null && consented === null && o.requirePushedAuthorizationRequests)
      throw new OAuthError("invalid_request", "Push the authorization request to the PAR endpoint first");
    const request = parseAuthorizationRequest(o, target, query);
    return await decide(ctx, o, request, query, signedIn, consented, pushed);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    const params = withState(state, {
      error: error.error,
      error_description: error.description,
      iss: issuerOf(ctx, o),
    });
    return navigate(ctx, clientRedirectUrl(target.redirectUri, params));
  }
}

async function decide(
  ctx: Ctx,
  o: ResolvedOAuthProviderOptions,
  request: AuthorizationRequest,
  query: Readonly<Record<string, string>>,
  signedIn: SessionWithUser | null,
  consented: readonly string[] | null,
  pushed: PushedRequest | null,
): Promise<EndpointResponse> {
  const { prompt } = request;
  const now = ctx.auth.now();
  const tooOld =
    signedIn !== null && request.maxAge !== null && now - signedIn.session.createdAt.getTime() > request.maxAge * 1000;
  // id_token_hint names the user the client expects; another signed-in user must sign in again (§3.1.2.1).
  const hinted = request.idTokenHint
    ? await idTokenHintSubject(ctx.auth, request.idTokenHint, issuerOf(ctx, o), request.client.clientId)
    : null;
  // The hint says what this client was told (a pairwise sub, maybe): the signed-in user is mapped to it, never back.
  const otherUser =
    signedIn !== null && hinted !== null && subjectFor(ctx.auth, request.client, signedIn.user.id) !== hinted;
  // select_account: the app's sign-in page lets the user pick (or add) an account, then comes back.
  const reauth = tooOld || otherUser || prompt.has("login") || prompt.has("select_account");
  if (consented === null && (signedIn === null || reauth)) {
    if (prompt.has("none")) throw new OAuthError("login_required", "The user is not signed in");
    // Back to this request after signing in, without what sent the user there (else it would ask for ever).
    const back: Record<string, string> = { ...query };
    const rest = [...prompt].filter((p) => p !== "login" && p !== "select_account");
    if (rest.length > 0) back.prompt = rest.join(" ");
    else delete back.prompt;
    if (reauth) {
      delete back.max_age;
      delete back.id_token_hint;
    }
    // A pushed request resumes by its request_uri, rewritten as it must resume (its parameters stay off the URL).
    if (pushed) await rewritePushedRequest(ctx.auth, pushed, back);
    const resume = pushed ? { client_id: request.client.clientId, request_uri: pushed.requestUri } : back;
    const params: Record<string, string> = { callbackURL: authUrl(ctx, "/oauth2/authorize", resume) };
    // For the app's page: prefill the identifier, or show the account chooser.
    if (request.loginHint !== null) params.login_hint = request.loginHint;
    if (prompt.has("select_account")) params.prompt = "select_account";
    else if (prompt.has("login") || tooOld || otherUser) params.prompt = "login";
    return navigate(ctx, redirectTo(ctx, o.loginPage, { params }).headers.location as string);
  }
  if (signedIn === null) throw new OAuthError("login_required", "The user is not signed in");

  let scopes = request.scopes;
  if (consented !== null) {
    scopes = request.scopes.filter((s) => consented.includes(s));
  } else if (!request.client.skipConsent) {
    const stored = await findConsentedScopes(ctx.auth.db, signedIn.user.id, request.client.clientId);
    const covered = request.scopes.every((s) => stored.has(s));
    if (!covered || prompt.has("consent")) {
      if (prompt.has("none")) throw new OAuthError("consent_required", "The user has not consented");
      const signed = signConsentQuery(ctx.auth.secret, query, now + o.codeExpiresIn * 1000, pushed?.requestUri);
      const params = Object.fromEntries(new URLSearchParams(signed));
      return navigate(ctx, redirectTo(ctx, o.consentPage, { params }).headers.location as string);
    }
  }
  // One code per pushed request (RFC 9126 §4): of two racing uses, one gets it.
  if (pushed && !(await spendPushedRequest(ctx.auth, pushed)))
    throw new OAuthError("invalid_request", "The request_uri has been used");
  return navigate(ctx, await issueCode(ctx, o, request, signedIn, scopes));
}
