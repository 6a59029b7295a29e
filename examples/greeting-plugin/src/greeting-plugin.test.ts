import { describe, expect, it } from "vitest";
import { makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import { greeting } from "./greeting-plugin.js";

describe("the docs/plugins.md example plugin", () => {
  it("adds endpoints, a user column, errors and a tag-selected hook", async () => {
    const signIns: string[] = [];
    const auth = makeTestAuth({ plugins: [greeting({ onSignIn: (id) => signIns.push(id) })] });
    const { client, userId } = await signUpUser(auth);
    expect(signIns).toEqual([userId]);
    expect((await client.get("/greeting/hello")).body).toEqual({ message: "Hello, Test!" });
    expect((await client.post("/greeting/set", { greeting: "Ahoy" })).body).toEqual({ status: true });
    expect((await client.get("/greeting/hello")).body).toEqual({ message: "Ahoy, Test!" });
    const tooLong = await client.post("/greeting/set", { greeting: "x".repeat(21) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ code: "GREETING_TOO_LONG", message: "Greeting is too long" });
    expect(auth.$errors.GREETING_TOO_LONG?.status).toBe(400);
    // the column is not client input: update-user refuses it
    expect((await client.post("/update-user", { greeting: "Hi" })).status).toBe(400);
  });
});
