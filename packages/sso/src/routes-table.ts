import type { RouteEntry } from "@gatehouse-auth/core/routes";

/** The plugin's routes: client call path → method and path (browser-safe; tested against the server's). */
export const SSO_ROUTES = {
  "sso.register": { method: "POST", path: "/sso/register" },
  "sso.providers": { method: "GET", path: "/sso/providers" },
  "sso.updateProvider": { method: "POST", path: "/sso/update-provider" },
  "sso.deleteProvider": { method: "POST", path: "/sso/delete-provider" },
  "sso.requestDomainVerification": { method: "POST", path: "/sso/request-domain-verification" },
  "sso.verifyDomain": { method: "POST", path: "/sso/verify-domain" },
  "sso.saml2.sp.metadata": { method: "GET", path: "/sso/saml2/sp/metadata" },
  "signIn.sso": { method: "POST", path: "/sign-in/sso" },
} as const satisfies Record<string, RouteEntry>;
