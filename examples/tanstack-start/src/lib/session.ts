// The session as a server function: loaders call it on the server during SSR (and through an RPC on
// client-side navigation); getSession reads the request's cookie on the server either way.
import { getSession } from "@gatehouse-auth/core/tanstack-start";
import { createServerFn } from "@tanstack/react-start";
import { getRequest } from "@tanstack/react-start/server";
import { auth } from "./auth";

export const fetchSession = createServerFn({ method: "GET" }).handler(async () => {
  const session = await getSession(auth, getRequest());
  if (!session) return null;
  // Only what the pages show crosses to the browser.
  const { user } = session;
  return {
    user: { name: user.name, email: user.email },
    expiresAt: session.session.expiresAt.toISOString(),
  };
});
