import { describe, expect, it } from "vitest";
import { z } from "zod";
import { definePlugin } from "../plugins/plugin-types.js";
import { createTestClient, makeTestAuth } from "../testing.js";
import { defineEndpoint } from "./define-endpoint.js";

const echo = defineEndpoint(
  {
    method: "POST",
    path: "/long/echo",
    body: z.object({
      big: z.string().max(40_000),
      other: z.string().optional(),
      nested: z.object({ big: z.string() }).optional(),
    }),
    longBodyStrings: { big: 30_000 },
  },
  async (ctx) => ({ length: ctx.body.big.length }),
);

const auth = makeTestAuth({ plugins: [definePlugin({ id: "long", endpoints: { echo } })] });

describe("EndpointConfig.longBodyStrings", () => {
  it("lets only the named field past the text-column cap, up to its own maximum", async () => {
    const client = createTestClient(auth);
    const ok = await client.post("/long/echo", { big: "a".repeat(20_000) });
    expect(ok.status).toBe(200);
    expect(ok.body.length).toBe(20_000);
    expect((await client.post("/long/echo", { big: "a".repeat(30_001) })).status).toBe(400);
    expect((await client.post("/long/echo", { big: "a", other: "a".repeat(20_000) })).status).toBe(400);
    // The same name deeper in the body is another path: still capped.
    expect((await client.post("/long/echo", { big: "a", nested: { big: "a".repeat(20_000) } })).status).toBe(400);
    // Other checks stay: U+0000 is refused in a long field too.
    expect((await client.post("/long/echo", { big: `a\u0000b` })).status).toBe(400);
  });
});
