import { describe, expect, it } from "vitest";
import { AuthError, defineEndpoint, defineErrors, definePlugin, methodsOf } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth } from "@gatehouse-auth/core/testing";
import { openAPI } from "./open-api-plugin.js";
import type { OpenAPIDocument, OperationObject } from "./open-api-types.js";

const ERRORS = defineErrors({
  DEMO_TICKET_MISSING: { status: 400, message: "Missing demo ticket" },
  DEMO_DESK_CLOSED: { status: 503, message: "The demo desk is closed" },
});
const TICKET = "x-demo-ticket";

/** Three endpoints without input: a before hook on them is reached by any request. */
const guarded = defineEndpoint({ method: "POST", path: "/desk/guarded" }, async () => ({ ok: true }));
const tagged = defineEndpoint({ method: "GET", path: "/desk/tagged", tags: ["desk"] }, async () => ({ ok: true }));
const open = defineEndpoint({ method: "GET", path: "/desk/open" }, async () => ({ ok: true }));

/** A plugin whose before hook, picked by path or by tag, refuses requests without the ticket header. */
const desk = definePlugin({
  id: "desk",
  endpoints: { guarded, tagged, open },
  errors: ERRORS,
  hooks: {
    before: [
      {
        appliesTo: (endpoint) => endpoint.config.path === "/desk/guarded" || endpoint.config.path === "/sign-in/email",
        run: (ctx) => {
          if (!ctx.headers.get(TICKET)) throw new AuthError(ERRORS.DEMO_TICKET_MISSING);
        },
        openapi: {
          headers: [{ name: TICKET, required: true, description: "A ticket from the desk" }],
          errors: [ERRORS.DEMO_TICKET_MISSING],
        },
      },
      {
        tags: ["desk"],
        run: () => {
          throw new AuthError(ERRORS.DEMO_DESK_CLOSED);
        },
        openapi: { headers: [{ name: TICKET, required: false }], errors: [ERRORS.DEMO_DESK_CLOSED] },
      },
    ],
  },
});

function operations(doc: OpenAPIDocument): [string, OperationObject][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, OperationObject]),
  );
}

const codesOf = (op: OperationObject | undefined, status: number) =>
  ((op?.responses[status]?.content?.["application/json"]?.schema.properties as { code?: { enum?: string[] } })?.code
    ?.enum ?? []) as string[];

describe("hooks' openapi data in the document", () => {
  const auth = makeTestAuth({ plugins: [desk, openAPI()] });
  const client = createTestClient(auth);
  const documentPromise = client.get("/open-api/generate-schema").then((r) => r.body as OpenAPIDocument);

  it("lists a hook's header and errors on exactly the endpoints it applies to", async () => {
    const doc = await documentPromise;
    const withTicket = operations(doc)
      .filter(([, op]) => op.parameters?.some((p) => p.in === "header" && p.name === TICKET))
      .map(([key]) => key)
      .sort();
    expect(withTicket).toEqual(["GET /desk/tagged", "POST /desk/guarded", "POST /sign-in/email"]);
    const guardedOp = doc.paths["/desk/guarded"]?.post;
    expect(guardedOp?.parameters).toContainEqual({
      name: TICKET,
      in: "header",
      required: true,
      description: "A ticket from the desk",
      schema: { type: "string" },
    });
    expect(codesOf(guardedOp, 400)).toContain("DEMO_TICKET_MISSING");
    expect(codesOf(doc.paths["/sign-in/email"]?.post, 400)).toContain("DEMO_TICKET_MISSING");
    // The tag-picked hook: its own status (503 among them), and its header optional.
    const taggedOp = doc.paths["/desk/tagged"]?.get;
    expect(codesOf(taggedOp, 503)).toEqual(["DEMO_DESK_CLOSED"]);
    expect(taggedOp?.responses[503]?.description).toBe("Service unavailable: DEMO_DESK_CLOSED");
    expect(taggedOp?.parameters).toContainEqual(expect.objectContaining({ name: TICKET, required: false }));
    const everywhere = JSON.stringify(operations(doc).filter(([key]) => !withTicket.includes(key)));
    expect(everywhere).not.toContain("DEMO_");
    expect(everywhere).not.toContain(TICKET);
  });

  it("agrees with what the hooks do: every operation refuses with a hook's code only where it is documented", async () => {
    const doc = await documentPromise;
    const disagreements: string[] = [];
    for (const endpoint of [guarded, tagged, open]) {
      const path = endpoint.config.path;
      for (const method of methodsOf(endpoint.config)) {
        const op = doc.paths[path]?.[method.toLowerCase() as "get"];
        const r = await client.request(method, path, method === "GET" ? undefined : {});
        const documented = Object.keys(op?.responses ?? {}).flatMap((s) => codesOf(op, Number(s)));
        if (String(r.body?.code).startsWith("DEMO_") && !documented.includes(r.body.code)) {
          disagreements.push(`${method} ${path} answered ${r.body.code} undocumented`);
        }
        if (documented.some((c) => c.startsWith("DEMO_")) && !String(r.body?.code).startsWith("DEMO_")) {
          disagreements.push(`${method} ${path} documents a hook that did not refuse (${r.status})`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    // With the ticket the path-picked hook lets the request through.
    expect((await client.post("/desk/guarded", {}, { headers: { [TICKET]: "t" } })).status).toBe(200);
  });

  it("documents a hook that declares nothing as before: no header, no error", async () => {
    const quiet = definePlugin({ id: "quiet", hooks: { before: [{ appliesTo: () => true, run: () => {} }] } });
    const r = await createTestClient(makeTestAuth({ plugins: [quiet, openAPI()] })).get("/open-api/generate-schema");
    const doc = r.body as OpenAPIDocument;
    expect(operations(doc).some(([, op]) => op.parameters?.some((p) => p.in === "header"))).toBe(false);
  });
});
