/** @simplewebauthn/server and its helpers: the ceremonies' verification library. */
export type WebAuthnServer = typeof import("@simplewebauthn/server") & typeof import("@simplewebauthn/server/helpers");

let loading: Promise<WebAuthnServer> | undefined;

/**
 * @simplewebauthn/server, imported on the first passkey ceremony rather than at start-up: it pulls in
 * the X.509/ASN.1 stack, which cost every app with this plugin ~130 ms of cold start and ~18 MB of
 * memory before any passkey was used.
 */
export function webauthnServer(): Promise<WebAuthnServer> {
  loading ??= Promise.all([import("@simplewebauthn/server"), import("@simplewebauthn/server/helpers")]).then(
    ([server, helpers]) => ({ ...server, ...helpers }),
  );
  return loading;
}
