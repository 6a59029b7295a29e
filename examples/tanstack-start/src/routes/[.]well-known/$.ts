// The OAuth provider's metadata where RFC 8414 puts it for an issuer with a path:
// /.well-known/oauth-authorization-server/api/auth at the origin root, outside the auth routes.
// The brackets in the folder name keep the dot from meaning a nested route.
import { toTanStackStartWellKnown } from "@gatehouse-auth/core/tanstack-start";
import { oauthWellKnown } from "@gatehouse-auth/oauth-provider";
import { createFileRoute } from "@tanstack/react-router";
import { auth } from "../../lib/auth";

export const Route = createFileRoute("/.well-known/$")({
  server: { handlers: toTanStackStartWellKnown(auth, oauthWellKnown(auth)) },
});
