import { getSession } from "@gatehouse-auth/core/nuxt";
import { auth } from "../utils/auth";

// What the pages need to know about the visitor, read on the server from the request's cookie.
export default defineEventHandler(async (event) => {
  const session = await getSession(auth, event);
  if (!session) return { user: null };
  const { name, email } = session.user;
  return { user: { name, email }, expiresAt: session.session.expiresAt.toISOString() };
});
