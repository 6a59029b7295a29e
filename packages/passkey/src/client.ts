/** @gatehouse-auth/passkey/client — the browser half: the routes table and the WebAuthn ceremonies. */
import { WebAuthnError, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import type { passkey } from "./passkey-plugin.js";
import type { PublicPasskey } from "./passkey-record.js";
import { PASSKEY_ROUTES } from "./routes-table.js";

export { PASSKEY_ROUTES } from "./routes-table.js";

/** A call's answer, as every client call gives it (structurally the client's `ClientResult`). */
export type PasskeyResult<T> =
  | { data: T; error: null }
  | { data: null; error: { status: number; code?: string; message: string } };

/** What the client hands an action: a route of the client by call path (the client's `PluginActionContext`). */
export type PasskeyActionContext = {
  call(callPath: string, body?: unknown, options?: Record<string, unknown>): Promise<PasskeyResult<unknown>>;
};

/** A passkey as its owner sees it, dates as strings. */
export type ClientPasskey = Omit<PublicPasskey, "createdAt"> & { createdAt: string };

/** What a passkey sign-in answers: the session's token and the user. */
export interface PasskeySignIn {
  redirect: false;
  token: string;
  url: null;
  user: { id: string; email: string; name: string } & Record<string, unknown>;
}

/**
 * The browser said no: the user cancelled, the authenticator refused, or WebAuthn is unavailable. Status
 * 0 like a network failure, since the server never saw it; `code` is the WebAuthn error's name.
 */
function ceremonyError(error: unknown): PasskeyResult<never> {
  const code =
    error instanceof WebAuthnError
      ? error.code
      : error instanceof Error && error.name
        ? error.name
        : "PASSKEY_CEREMONY_FAILED";
  const message = error instanceof Error ? error.message : "The passkey ceremony failed";
  return { data: null, error: { status: 0, code, message } };
}

/** Options of `signIn.passkey`. */
export interface PasskeySignInOptions {
  /** Keep the session after the browser closes. Default true. */
  rememberMe?: boolean;
  /** Use the browser's passkey autofill (conditional UI) instead of a modal prompt. */
  autoFill?: boolean;
}

/** Options of `passkey.addPasskey`. */
export interface AddPasskeyOptions {
  /** A name to show in the passkey list ("Work laptop"). */
  name?: string;
  /** Ask for this kind of authenticator only. */
  authenticatorAttachment?: "platform" | "cross-platform";
}

/** Signs in with a passkey: options from the server, the browser's prompt, the server's verdict. */
async function signInWithPasskey(
  ctx: PasskeyActionContext,
  options: PasskeySignInOptions = {},
): Promise<PasskeyResult<PasskeySignIn>> {
  const start = (await ctx.call(
    "passkey.generateAuthenticateOptions",
    {},
  )) as PasskeyResult<PublicKeyCredentialRequestOptionsJSON>;
  if (start.error) return start;
  let response: AuthenticationResponseJSON;
  try {
    response = await startAuthentication({ optionsJSON: start.data, useBrowserAutofill: options.autoFill ?? false });
  } catch (error) {
    return ceremonyError(error);
  }
  const body = { response, ...(options.rememberMe === undefined ? {} : { rememberMe: options.rememberMe }) };
  return (await ctx.call("passkey.verifyAuthentication", body)) as PasskeyResult<PasskeySignIn>;
}

/** Registers a new passkey for the signed-in user (needs a fresh session). */
async function addPasskey(
  ctx: PasskeyActionContext,
  options: AddPasskeyOptions = {},
): Promise<PasskeyResult<ClientPasskey>> {
  const body = options.authenticatorAttachment ? { authenticatorAttachment: options.authenticatorAttachment } : {};
  const start = (await ctx.call(
    "passkey.generateRegisterOptions",
    body,
  )) as PasskeyResult<PublicKeyCredentialCreationOptionsJSON>;
  if (start.error) return start;
  let response: RegistrationResponseJSON;
  try {
    response = await startRegistration({ optionsJSON: start.data });
  } catch (error) {
    return ceremonyError(error);
  }
  const verify = { response, ...(options.name ? { name: options.name } : {}) };
  return (await ctx.call("passkey.verifyRegistration", verify)) as PasskeyResult<ClientPasskey>;
}

/**
 * The client plugin: `createAuthClient({ plugins: [passkeyClient()] })` adds `client.signIn.passkey()`
 * and `client.passkey.addPasskey({ name })` (each the whole browser ceremony, answering `{data, error}`),
 * and `client.passkey.listUserPasskeys()`, `updatePasskey({ id, name })`, `deletePasskey({ id })`.
 */
export function passkeyClient() {
  const plugin = {
    id: "passkey",
    routes: PASSKEY_ROUTES,
    actions: { "signIn.passkey": signInWithPasskey, "passkey.addPasskey": addPasskey },
  } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof passkey>["endpoints"] };
}
