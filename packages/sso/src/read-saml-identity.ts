import type { Profile } from "@node-saml/node-saml";
import type { SsoIdentity } from "./provision-user.js";
import type { SamlConfig } from "./sso-types.js";

const first = (value: unknown): string | undefined => {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
};

const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");

/**
 * The user an assertion names, by the connection's mapping (TARGET.md: `email` attribute, else the
 * NameID; name = givenName + surname, else displayName). Null without an address.
 */
export function readSamlIdentity(profile: Profile, config: SamlConfig): SsoIdentity | null {
  const m = config.mapping;
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  const get = (key: string | undefined) => (key ? first(attributes[key] ?? profile[key]) : undefined);
  const email = get(m.email ?? "email") ?? (m.email ? undefined : first(profile.nameID));
  if (!email || !profile.nameID) return null;
  const given = get(m.firstName ?? "givenName");
  const family = get(m.lastName ?? "surname");
  const name = get(m.name) ?? ([given, family].filter(Boolean).join(" ") || get("displayName") || "");
  const groups = list(attributes[m.groups ?? "groups"]);
  return { subject: profile.nameID, email, name, groups, attributes };
}
