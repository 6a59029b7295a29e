import { toSvelteKitHandler } from "@gatehouse-auth/core/sveltekit";
import type { Handle } from "@sveltejs/kit";
import { auth } from "$lib/server/auth";

export const handle: Handle = toSvelteKitHandler(auth);
