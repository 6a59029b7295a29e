import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { SENSITIVE_ACTION_TAG } from "../plugins/sensitive-action-tag.js";
import type { Credential, CredentialKind, CredentialPolicy, EndpointConfig } from "./define-endpoint.js";

/** Every credential kind, in the order the docs list them. */
export const CREDENTIAL_KINDS: readonly CredentialKind[] = [
  "session",
  "bearer",
  "impersonation",
  "api-key",
  "oauth-token",
  "organization-key",
  "delegated",
  "server",
];

// A delegated credential stands for the user only as far as its permissions reach.
const DELEGATED: ReadonlySet<CredentialKind> = new Set(["api-key", "oauth-token", "delegated"]);

const NAMES: Record<CredentialKind, string> = {
  session: "a session",
  bearer: "a bearer session",
  "api-key": "an API key",
  impersonation: "an impersonation session",
  server: "a server call",
  "oauth-token": "an OAuth access token",
  "organization-key": "an organization API key",
  delegated: "a credential a plugin authenticated",
};

// What an authenticator may claim over HTTP: `server` is the app's own `auth.api` call, never a request.
const CLAIMABLE: ReadonlySet<CredentialKind> = new Set(CREDENTIAL_KINDS.filter((k) => k !== "server"));

/**
 * The credential a plugin's `authenticate` answered, as the router trusts it. An answer without a
 * credential, with a kind the router does not know, or claiming `server` is `delegated` (with whatever
 * permissions it named): a third-party authenticator that forgets the field, or mistypes it, gets the
 * reach of an API key, never that of the user's own session.
 */
export function authenticatedCredential(claimed: Partial<Credential> | null | undefined): Credential {
  const kind = claimed?.kind;
  if (kind && CLAIMABLE.has(kind)) return claimed as Credential;
  return { kind: "delegated", permissions: claimed?.permissions ?? null };
}

/**
 * The endpoint's policy. A third-party endpoint that only carries the older `SENSITIVE_ACTION_TAG`
 * (and core's `delete-user`) gets `own-session`, so it keeps refusing what it refused before.
 */
export function credentialPolicyOf(config: EndpointConfig): CredentialPolicy | undefined {
  if (config.credentials) return config.credentials;
  if (config.tags?.includes(SENSITIVE_ACTION_TAG)) return "own-session";
  return undefined;
}

/** Whether `credential` may reach the endpoint `config` (for the router, the docs and the coverage test). */
export function acceptsCredential(config: EndpointConfig, credential: Credential): boolean {
  const { kind } = credential;
  if (kind === "server") return true; // the app's own code: it could write the database itself
  // An organization's key stands for no user: it never yields a user session, whatever the route
  // declares (`any` included). The app checks it with the api-key plugin's verify instead.
  if (kind === "organization-key") return false;
  const policy = credentialPolicyOf(config);
  if (policy === "own-session") return kind === "session" || kind === "bearer";
  if (!DELEGATED.has(kind) || policy === "any") return true;
  const needed = config.apiKeyPermission;
  return !!needed && !!credential.permissions?.[needed.resource]?.includes(needed.action);
}

/** The kinds the endpoint accepts without conditions, and those it accepts with `apiKeyPermission` held. */
export function acceptedCredentialKinds(config: EndpointConfig): {
  kinds: CredentialKind[];
  withPermission: CredentialKind[];
} {
  const kinds = CREDENTIAL_KINDS.filter((kind) => acceptsCredential(config, { kind }));
  const withPermission = config.apiKeyPermission
    ? CREDENTIAL_KINDS.filter((k) => !kinds.includes(k) && acceptsCredential(config, everything(k, config)))
    : [];
  return { kinds, withPermission };
}

function everything(kind: CredentialKind, config: EndpointConfig): Credential {
  const p = config.apiKeyPermission!;
  return { kind, permissions: { [p.resource]: [p.action] } };
}

/** Throws 403 `CREDENTIAL_NOT_ALLOWED`, naming the kind, unless the endpoint accepts `credential`. */
export function checkCredential(config: EndpointConfig, credential: Credential): void {
  if (acceptsCredential(config, credential)) return;
  const needed = config.apiKeyPermission;
  const missing =
    DELEGATED.has(credential.kind) && needed && credentialPolicyOf(config) === undefined
      ? ` without the permission ${needed.resource}:${needed.action}`
      : "";
  throw new AuthError(CORE_ERRORS.CREDENTIAL_NOT_ALLOWED, {
    message: `This endpoint cannot be called with ${NAMES[credential.kind]}${missing}`,
  });
}
