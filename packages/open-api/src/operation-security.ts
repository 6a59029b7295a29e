import { acceptedCredentialKinds } from "@gatehouse-auth/core";
import type { CatalogueError, CredentialKind, Endpoint, Plugin, SessionRequirement } from "@gatehouse-auth/core";
import { fieldSchema } from "./model-schemas.js";
import type { GatehouseCredentials, JsonSchema, OpenAPIDocument } from "./open-api-types.js";

/** The session cookie's security scheme name. */
export const SESSION_SCHEME = "sessionCookie";

/** A plugin's `authenticate` as the document shows it. */
export interface DocumentedAuthenticator {
  /** Its security scheme name: the plugin id in camelCase (`api-key` → `apiKey`). */
  scheme: string;
  skipTags: readonly string[];
  errors: readonly CatalogueError[];
  /** The credential kind it produces (`AuthenticateScheme.kind`); undefined when it does not say. */
  kind?: CredentialKind;
}

/** Every way a request can be authenticated: the schemes, and the authenticators behind the extra ones. */
export interface SecurityPlan {
  securitySchemes: OpenAPIDocument["components"]["securitySchemes"];
  authenticators: DocumentedAuthenticator[];
  /** Fields only the authenticators' sessions carry (`apiKeyId`), for the Session component. */
  sessionFields: Record<string, JsonSchema>;
}

const camelCase = (id: string) => id.replace(/[-_]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The session cookie, plus one header scheme per plugin whose `authenticate` is documented. */
export function securityPlan(cookieName: string, plugins: readonly Plugin[]): SecurityPlan {
  const plan: SecurityPlan = {
    securitySchemes: {
      [SESSION_SCHEME]: {
        type: "apiKey",
        in: "cookie",
        name: cookieName,
        description: "The signed session cookie set by sign-in and sign-up",
      },
    },
    authenticators: [],
    sessionFields: {},
  };
  for (const plugin of plugins) {
    // A scheme without the hook it describes would promise a credential nothing accepts.
    const scheme = plugin.authenticate ? plugin.authenticateScheme : undefined;
    if (!scheme) continue;
    const name = camelCase(plugin.id);
    const skipTags = scheme.skipTags ?? [];
    const where = `Accepted where no session cookie is sent, by endpoints that read the session${
      skipTags.length ? ` (never by those tagged ${skipTags.join(", ")})` : ""
    }.`;
    const description = [scheme.description, where].filter(Boolean).join(". ");
    // An Authorization scheme is OpenAPI's `http` type: tools then send `Authorization: Bearer …` themselves.
    plan.securitySchemes[name] = scheme.scheme
      ? { type: "http", scheme: scheme.scheme, description }
      : { type: "apiKey", in: "header", name: scheme.header, description };
    plan.authenticators.push({ scheme: name, skipTags, errors: scheme.errors ?? [], kind: scheme.kind });
    for (const [field, def] of Object.entries(scheme.sessionFields ?? {})) {
      plan.sessionFields[field] = {
        ...fieldSchema(def.type),
        description: `${def.description} Only on a session the ${scheme.header} header authenticated.`,
      };
    }
  }
  return plan;
}

/** The session requirement HTTP callers meet: what the endpoint documents (`openapi.session`), else its `session` config. */
export function documentedSession(endpoint: Endpoint): SessionRequirement {
  const { config } = endpoint;
  return config.openapi?.session ?? config.session;
}

/**
 * The operation's security alternatives and the authenticators that apply to it. Authenticators run
 * only where core loads a session (and never where their skip tags say), so an endpoint without a
 * session requirement lists none, and an optional one adds `{}`: OpenAPI's "or no credentials".
 */
export function operationSecurity(
  endpoint: Endpoint,
  session: SessionRequirement,
  plan: SecurityPlan,
): { security?: Record<string, string[]>[]; authenticators: DocumentedAuthenticator[] } {
  if (!session) return { authenticators: [] };
  const tags = endpoint.config.tags ?? [];
  const { kinds, withPermission } = acceptedCredentialKinds(endpoint.config);
  // Every authenticator that runs here can refuse what it is shown (a bad key is a 401 even where keys are
  // refused), so all of them are documented for their errors...
  const authenticators = plan.authenticators.filter((a) => !tags.some((tag) => a.skipTags.includes(tag)));
  // ...but one whose kind the endpoint refuses (an API key on an own-session endpoint) is no way in.
  const waysIn = authenticators.filter((a) => !a.kind || kinds.includes(a.kind) || withPermission.includes(a.kind));
  const security: Record<string, string[]>[] = [{ [SESSION_SCHEME]: [] }, ...waysIn.map((a) => ({ [a.scheme]: [] }))];
  if (session === "optional") security.push({});
  return { security, authenticators };
}

/** The `x-gatehouse-credentials` extension of an operation that reads the session; undefined otherwise. */
export function operationCredentials(
  endpoint: Endpoint,
  session: SessionRequirement,
): GatehouseCredentials | undefined {
  if (!session) return undefined;
  const { kinds, withPermission } = acceptedCredentialKinds(endpoint.config);
  const permission = endpoint.config.apiKeyPermission;
  return {
    accepts: [...kinds],
    ...(permission && withPermission.length ? { apiKeyPermission: { ...permission } } : {}),
  };
}
