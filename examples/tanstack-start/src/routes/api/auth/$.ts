// Every /api/auth/* request, whatever its method, goes to Gatehouse.
import { toTanStackStartHandler } from "@gatehouse-auth/core/tanstack-start";
import { createFileRoute } from "@tanstack/react-router";
import { auth } from "../../../lib/auth";

export const Route = createFileRoute("/api/auth/$")({
  server: { handlers: toTanStackStartHandler(auth) },
});
