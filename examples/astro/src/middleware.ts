// Reads the session once per request into Astro.locals.session (null when signed out).
import { sessionMiddleware } from "@gatehouse-auth/core/astro";
import { auth } from "./lib/auth";

export const onRequest = sessionMiddleware(auth);
