import { defineEndpoint, htmlResponse } from "@gatehouse-auth/core";
import type { AuthContext } from "@gatehouse-auth/core";
import { referencePageCsp } from "../render-reference-page.js";

/** GET <path> (default /reference): the self-contained HTML API reference page (SPEC.md §2). */
export const openAPIReference = (path: string, getPage: (auth: AuthContext) => string) =>
  defineEndpoint(
    {
      method: "GET",
      path,
      openapi: {
        summary: "API reference page",
        description: "A self-contained HTML page (no external resources) rendering this document.",
        kind: "html",
      },
    },
    async (ctx) => htmlResponse(getPage(ctx.auth), { contentSecurityPolicy: referencePageCsp() }),
  );
