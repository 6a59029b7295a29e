import { getSession } from "@gatehouse-auth/core/sveltekit";
import { redirect } from "@sveltejs/kit";
import { auth } from "$lib/server/auth";
import type { PageServerLoad } from "./$types";

// A protected page: signed-out visitors go to the sign-in page before anything renders.
export const load: PageServerLoad = async (event) => {
  const session = await getSession(auth, event);
  if (!session) redirect(303, "/sign-in");
  return { name: session.user.name, email: session.user.email, expiresAt: session.session.expiresAt.toISOString() };
};
