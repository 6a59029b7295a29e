// Every auth route (/api/auth/*), answered by Gatehouse on each request.
import { toAstroHandler } from "@gatehouse-auth/core/astro";
import { auth } from "../../../lib/auth";

export const prerender = false;
export const ALL = toAstroHandler(auth);
