import type { ResolvedOptions } from "../options/resolve-options.js";
import type { CookieAttributes } from "./serialize-cookie.js";

/** The cookie names and shared attributes, computed once from the options. */
export interface CookieNames {
  sessionToken: string;
  sessionData: string;
  dontRemember: string;
  attributes: CookieAttributes;
  /** Name of any other cookie a plugin sets, with the same prefix rules. */
  named(name: string): string;
}

/** Cookie names get the `__Secure-` prefix on https so a plain-http page cannot overwrite them. */
export function createCookieNames(options: ResolvedOptions): CookieNames {
  const secure = options.advanced.useSecureCookies;
  const { sameSite = "Lax", domain } = options.advanced.cookies ?? {};
  if (domain !== undefined && !/^\.?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/.test(domain))
    throw new Error(`Gatehouse: advanced.cookies.domain ${JSON.stringify(domain)} is not a host name`);
  const named = (name: string) => `${secure ? "__Secure-" : ""}${options.advanced.cookiePrefix}.${name}`;
  return {
    sessionToken: named("session_token"),
    sessionData: named("session_data"),
    dontRemember: named("dont_remember"),
    // Browsers drop a SameSite=None cookie that is not Secure (and allow Secure on http://localhost).
    attributes: {
      path: "/",
      httpOnly: true,
      sameSite,
      secure: secure || sameSite === "None",
      ...(domain ? { domain } : {}),
    },
    named,
  };
}
