import { CORE_ERRORS, isAuthError, isSignInDiverted, redirectTo } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import type { SamlRequestState } from "./saml-request-state.js";

/**
 * The end of an identity provider's return, SAML's ACS or OIDC's callback alike: always a redirect. On
 * success to the flow's callbackURL (newUserCallbackURL for a new user); on a refusal to its
 * errorCallbackURL (else callbackURL, else our error page) with `error=<code>` and no session. `refusal`
 * names the protocol's own refusals; any other 4xx answers its code, anything else is logged and answered
 * `internal_server_error` (the browser learns nothing more).
 */
export async function answerSsoReturn(
  ctx: HookContext,
  state: SamlRequestState | null,
  noStateCode: string,
  what: string,
  consume: (state: SamlRequestState) => Promise<{ isNewUser: boolean }>,
  refusal: (error: unknown) => string | null,
) {
  const fail = (code: string) => {
    const target = state?.errorCallbackURL ?? state?.callbackURL;
    const params = { error: code };
    return target
      ? redirectTo(ctx, target, { params, error: CORE_ERRORS.INVALID_ERROR_CALLBACK_URL })
      : redirectTo(ctx, `${ctx.auth.options.basePath}/error`, { params });
  };
  try {
    if (!state) return fail(noStateCode);
    const { isNewUser } = await consume(state);
    return redirectTo(ctx, (isNewUser && state.newUserCallbackURL) || state.callbackURL);
  } catch (error) {
    if (isSignInDiverted(error)) throw error;
    const code = refusal(error);
    if (code !== null) return fail(code);
    if (isAuthError(error) && error.status < 500) return fail(error.code.toLowerCase());
    ctx.auth.options.logger.error(`Gatehouse: ${what} failed`, error);
    return fail("internal_server_error");
  }
}
