import { describe, expect, it } from "vitest";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

describe("POST /update-user", () => {
  const auth = makeTestAuth({
    user: { additionalFields: { nickname: { type: "string" }, plan: { type: "string", input: false } } },
  });

  it("updates name, image and additional fields", async () => {
    const { client } = await signUpUser(auth);
    const r = await client.post("/update-user", { name: "New", image: null, nickname: "nn" });
    expect(r.status).toBe(200);
    expect((await client.get("/get-session")).body.user).toMatchObject({ name: "New", image: null, nickname: "nn" });
  });

  it.each([
    [{ email: "x@example.com" }, 400, "EMAIL_CAN_NOT_BE_UPDATED"],
    [{}, 400, "NO_FIELDS_TO_UPDATE"],
    [{ plan: "pro" }, 400, "VALIDATION_ERROR"],
    [{ emailVerified: true }, 400, "VALIDATION_ERROR"],
    [{ name: 42 }, 400, "VALIDATION_ERROR"],
  ])("refuses %j", async (body, status, code) => {
    const { client } = await signUpUser(auth);
    const r = await client.post("/update-user", body);
    expect(r.status).toBe(status);
    expect(r.body.code).toBe(code);
    expect((await client.get("/get-session")).body.user.emailVerified).toBe(false);
  });
});
