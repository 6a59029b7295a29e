import { useState } from "react";
import { callClient } from "./call-client.js";
import type { AfterSignIn } from "./finish-sign-in.js";
import { formatMessage } from "./format-message.js";
import { Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import type { UiMessageKey } from "./ui-messages.js";

/**
 * The "Sign in with SSO" form's strings, in English. Part of the one catalogue (override them in
 * `messages.ui`), kept in this module, which `<SignIn>` imports only when the SSO tab is chosen.
 */
export const SSO_SIGN_IN_MESSAGES = {
  ssoSignInField: "Work email, company domain or organization",
  ssoSignInHint: "Like ada@acme.com, acme.com or acme.",
  ssoSignInSubmit: "Sign in with SSO",
  ssoSignInRedirecting: "Taking you to your company's sign-in page…",
} as const;

export type SsoSignInMessageKey = keyof typeof SSO_SIGN_IN_MESSAGES;

/**
 * What the sign-in route can answer, read for someone signing in (the SSO card reads the same codes
 * for an admin). An app's `messages.errors` entry for a code wins. A disabled connection is found only
 * by its id: by domain or organization the server answers "no connection" (it does not say that a
 * domain has a disabled one), so SSO_PROVIDER_NOT_FOUND names both.
 */
export const SSO_SIGN_IN_ERRORS: Record<string, string> = {
  SSO_PROVIDER_NOT_FOUND:
    "No single sign-on is set up for that address or organization. Check it, or sign in another way.",
  PROVIDER_DISABLED:
    "Your organization's single sign-on is turned off. Ask your administrator, or sign in another way.",
  DOMAIN_NOT_VERIFIED: "Your organization's single sign-on isn't ready yet. Ask your administrator.",
  INVALID_PROVIDER_CONFIG: "Your organization's single sign-on is misconfigured. Ask your administrator.",
  OIDC_DISCOVERY_FAILED: "Your company's sign-in page couldn't be reached. Try again in a few minutes.",
};

/** What the field holds: an address (its domain finds the connection), a domain, or an organization slug. */
function target(input: string): Record<string, string> {
  const value = input.trim();
  if (value.includes("@")) return { email: value };
  return value.includes(".") ? { domain: value.toLowerCase() } : { organizationSlug: value.toLowerCase() };
}

/**
 * Starts single sign-on (`POST /sign-in/sso`): the client follows the answer's redirect to the identity
 * provider, which comes back to `redirectTo` (or this page); its refusals come back here as `?error=`.
 */
export function SsoSignInForm({ redirectTo }: AfterSignIn) {
  const { client, t, errorText } = useGatehouseUI();
  const { pending, error, run } = useSubmit();
  // Set once the server answered the identity provider's URL: the page is leaving, the button stays off.
  const [leaving, setLeaving] = useState(false);
  const text = (key: SsoSignInMessageKey) => {
    const given = t(key as unknown as UiMessageKey);
    return given === key ? formatMessage(SSO_SIGN_IN_MESSAGES[key]) : given;
  };
  const shared = error && errorText(error.code);
  const shown =
    error && shared === errorText("UNKNOWN") && SSO_SIGN_IN_ERRORS[error.code]
      ? { ...error, text: SSO_SIGN_IN_ERRORS[error.code] ?? error.text, field: "sso" }
      : error;
  return (
    <Form
      error={shown}
      onSubmit={async ({ sso = "" }) => {
        const here = location.pathname + location.search;
        const data = await run(() =>
          callClient(client, "signIn.sso", { ...target(sso), callbackURL: redirectTo ?? here, errorCallbackURL: here }),
        );
        if (data) setLeaving(true);
      }}
    >
      <Field
        label={text("ssoSignInField")}
        hint={text("ssoSignInHint")}
        name="sso"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={320}
        error={shown}
      />
      {leaving && <Notice>{text("ssoSignInRedirecting")}</Notice>}
      <Submit pending={pending || leaving}>{text("ssoSignInSubmit")}</Submit>
    </Form>
  );
}
