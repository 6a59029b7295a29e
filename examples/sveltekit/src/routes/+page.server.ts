import { getSession } from "@gatehouse-auth/core/sveltekit";
import { auth } from "$lib/server/auth";
import type { PageServerLoad } from "./$types";

export const load: PageServerLoad = async (event) => {
  const session = await getSession(auth, event);
  return { user: session ? { name: session.user.name, email: session.user.email } : null };
};
