import type { Schema } from "@gatehouse-auth/core";

/** Which optional plugins the composed schema shows are installed (and store what the pages read). */
export interface DashboardFeatures {
  organization: boolean;
  apiKey: boolean;
  auditLog: boolean;
  passkey: boolean;
  /** @gatehouse-auth/oauth-provider: the OAuth clients page (its own admin API decides who may use it). */
  oauthProvider: boolean;
  /** @gatehouse-auth/sso: SSO connections on the SSO page. */
  sso: boolean;
  /** @gatehouse-auth/scim: provisioning activity on the SSO page. */
  scim: boolean;
}

/** The api-key plugin's model name (API_KEY_MODEL in @gatehouse-auth/api-key). */
export const API_KEY_MODEL = "apikey";

/** The sso plugin's connection model, and the scim plugin's token model (SCIM_MODELS.token). */
export const SSO_PROVIDER_MODEL = "ssoProvider";
export const SCIM_TOKEN_MODEL = "scimToken";

const cache = new WeakMap<Schema, DashboardFeatures>();

/**
 * Detected from the composed schema, once per auth instance: a plugin's tables exist exactly when it is
 * installed (the audit log's only when it stores events, not with a sink alone).
 */
export function detectFeatures(schema: Schema): DashboardFeatures {
  const known = cache.get(schema);
  if (known) return known;
  const features = {
    organization: Object.hasOwn(schema, "organization") && Object.hasOwn(schema, "member"),
    apiKey: Object.hasOwn(schema, API_KEY_MODEL),
    auditLog: Object.hasOwn(schema, "auditEvent"),
    passkey: Object.hasOwn(schema, "passkey"),
    oauthProvider: Object.hasOwn(schema, "oauthClient"),
    sso: Object.hasOwn(schema, SSO_PROVIDER_MODEL),
    scim: Object.hasOwn(schema, SCIM_TOKEN_MODEL),
  };
  cache.set(schema, features);
  return features;
}
