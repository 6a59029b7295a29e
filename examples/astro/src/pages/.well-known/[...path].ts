// The OAuth provider's metadata where RFC 8414 puts it for an issuer with a path:
// /.well-known/oauth-authorization-server/api/auth at the origin root, outside the auth routes.
import { toAstroWellKnown } from "@gatehouse-auth/core/astro";
import { oauthWellKnown } from "@gatehouse-auth/oauth-provider";
import { auth } from "../../lib/auth";

export const prerender = false;
export const ALL = toAstroWellKnown(auth, oauthWellKnown(auth));
