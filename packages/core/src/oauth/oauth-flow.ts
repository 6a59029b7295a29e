import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import { safeDecode } from "../cookies/parse-cookies.js";
import { signCookieValue, unsignCookieValue } from "../crypto/index.js";
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
  const payload: OAuthState = { providerId: provider.id, codeVerifier, ...state };
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
  });
}

/** Looks up and uses up the state of a callback; throws OAuthError with the precise callback code. */
export async function consumeOAuthState(ctx: Ctx, state: string | undefined, providerId: string): Promise<OAuthState> {
  if (!state) throw new OAuthError("state_not_found");
  const { cookies, secret } = ctx.auth;
  const cookieName = cookies.named(STATE_COOKIE);
  const raw = ctx.getCookie(cookieName);
  const decoded = raw ? safeDecode(raw) : null;
  const bound = decoded ? unsignCookieValue(secret, decoded) : null;
  ctx.setCookie(cookieName, "", { ...cookies.attributes, maxAge: 0 });
  const found = await ctx.auth.tokens.consume<OAuthState>("oauth-state", state);
  if (found.status !== "valid") throw new OAuthError("please_restart_the_process");
  if (bound !== state) throw new OAuthError("invalid_callback_request", "state was started in another browser");
  if (found.payload.providerId !== providerId)
    throw new OAuthError("invalid_callback_request", "state belongs to another provider");
  return found.payload;
}
