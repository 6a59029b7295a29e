// Every Gatehouse route under /api/auth.
import { toNextJsHandler } from "@gatehouse-auth/core/next";
import { auth } from "../../../../lib/auth";

export const { GET, POST, PATCH, PUT, DELETE, OPTIONS } = toNextJsHandler(auth);
