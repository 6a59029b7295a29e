// A squatter who registered someone else's address and made API keys must lose them when the real owner
// proves the address (core's claimUnverifiedEmail, used by magic links and emailed codes).
import { claimUnverifiedEmail } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { createKey, makeKeyAuth, newUser } from "./test-helpers.js";

describe("API keys and a claimed address", () => {
  it("the unverified account's keys stop working once the address is claimed; others' keys stay", async () => {
    const { auth } = makeKeyAuth();
    const squatter = await newUser(auth);
    const other = await newUser(auth);
    const k = await createKey(squatter.client, { name: "sneaky" });
    const kept = await createKey(other.client, { name: "kept" });
    const ask = (key: string) =>
      auth.handler(new Request("http://localhost:3000/api/auth/get-session", { headers: { "x-api-key": key } }));
    expect((await (await ask(k.key)).json())?.user?.id).toBe(squatter.userId);
    const ctx = auth.$context;
    const user = await ctx.users.findById(squatter.userId);
    if (!user) throw new Error("no user");
    await ctx.transaction((tx) => claimUnverifiedEmail(tx, user));
    const after = await ask(k.key);
    expect(after.status).toBe(401);
    expect((await (await ask(kept.key)).json())?.user?.id).toBe(other.userId);
  });
});
