import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import { safeDecode } from "../cookies/parse-cookies.js";
import { generateRandomString, signCookieValue, unsignCookieValue } from "../crypto/index.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { authUrl } from "../utils/auth-url.js";
import { OAuthError } from "./oauth-error.js";
import type { OAuthProvider } from "./oauth-provider.js";
import { generateCodeVerifier } from "./pkce.js";

/** What the server remembers between sending the user to the provider and their return (10 min). */
export interface OAuthState {
  providerId: string;
  codeVerifier: string;
  /** Sent as the authorization request's `nonce`; the ID token must carry it (OIDC Core §3.1.2.1). */
  nonce?: string;
  callbackURL?: string;
  errorCallbackURL?: string;
  newUserCallbackURL?: string;
  requestSignUp?: boolean;
  /** link-social: attach the provider account to this user instead of signing in. */
  link?: { userId: string; email: string };
}

/** SPEC.md §9: state lives 10 minutes. */
export const STATE_TTL = 600;
const STATE_COOKIE = "oauth_state";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/** The callback URL a provider redirects back to. */
export function providerRedirectURI(ctx: Pick<Ctx, "auth" | "headers">, providerId: string): string {
  return authUrl(ctx, `/callback/${providerId}`);
}

/**
 * Stores the state server-side (with the PKCE verifier, which never leaves the server) and binds it to
 * this browser with a signed cookie: a callback carrying someone else's state — login CSRF — fails.
 * Without a callbackURL and a configured base URL there is nowhere to return to: CALLBACK_URL_REQUIRED.
 */
export async function startOAuthFlow(
  ctx: Ctx,
  provider: OAuthProvider,
  state: Omit<OAuthState, "providerId" | "codeVerifier">,
  extra: { scopes?: string[]; loginHint?: string } = {},
): Promise<URL> {
  // SPEC.md §5: the callback must know where to send the browser once it is done.
  if (!state.callbackURL && !ctx.auth.options.baseURL) throw new AuthError(CORE_ERRORS.CALLBACK_URL_REQUIRED);
  const codeVerifier = generateCodeVerifier();
  // Binds the ID token to this flow: one minted for another request (replayed or injected) lacks it.
  const nonce = generateRandomString(32);
  const payload: OAuthState = { ...state, providerId: provider.id, codeVerifier, nonce };
  const token = await ctx.auth.tokens.issue("oauth-state", payload, STATE_TTL);
  const { cookies, secret } = ctx.auth;
  ctx.setCookie(cookies.named(STATE_COOKIE), signCookieValue(secret, token), {
    ...cookies.attributes,
    maxAge: STATE_TTL,
  });
  return provider.createAuthorizationURL({
    state: token,
    codeVerifier,
    redirectURI: providerRedirectURI(ctx, provider.id),
    scopes: extra.scopes,
    loginHint: extra.loginHint,
    nonce,
  });
}

/**
 * Looks up and uses up the state of a callback; throws OAuthError with the precise callback code.
 * Only the state this browser started is used up: a stray callback (a random or foreign state, a
 * link opened twice) fails without touching the state cookie or the stored state, so the genuine
 * callback that follows still completes.
 */
export async function consumeOAuthState(ctx: Ctx, state: string | undefined, providerId: string): Promise<OAuthState> {
  if (!state) throw new OAuthError("state_not_found");
  const { cookies, secret } = ctx.auth;
  const cookieName = cookies.named(STATE_COOKIE);
  const raw = ctx.getCookie(cookieName);
  const decoded = raw ? safeDecode(raw) : null;
  const bound = decoded ? unsignCookieValue(secret, decoded) : null;
  // SPEC.md §4: unknown or expired state means starting over, whoever's it would have been.
  if ((await ctx.auth.tokens.peek<OAuthState>("oauth-state", state)).status !== "valid") {
    throw new OAuthError("please_restart_the_process");
  }
  if (bound !== state) throw new OAuthError("invalid_callback_request", "state was started in another browser");
  const found = await ctx.auth.tokens.consume<OAuthState>("oauth-state", state);
  // A concurrent callback with the same state got there first.
  if (found.status !== "valid") throw new OAuthError("please_restart_the_process");
  ctx.setCookie(cookieName, "", { ...cookies.attributes, maxAge: 0 });
  if (found.payload.providerId !== providerId)
    throw new OAuthError("invalid_callback_request", "state belongs to another provider");
  return found.payload;
}
