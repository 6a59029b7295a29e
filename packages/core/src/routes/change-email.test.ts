import { describe, expect, it } from "vitest";
import { makeMailAuth } from "../testing/make-mail-auth.js";
import { signUpUser } from "../testing/make-test-auth.js";
import type { TestClient } from "../testing/test-client.js";

const follow = (client: TestClient, url: string) =>
  client.get(new URL(url).pathname.replace("/api/auth", "") + new URL(url).search);

describe("change email", () => {
  it("refuses the same address, and works only when enabled", async () => {
    const { auth } = makeMailAuth();
    const a = await signUpUser(auth);
    expect((await a.client.post("/change-email", { newEmail: a.email.toUpperCase() })).body.message).toBe(
      "Email is the same",
    );
    const { auth: off } = makeMailAuth({ user: { changeEmail: { enabled: false } } });
    const c = await signUpUser(off);
    expect((await c.client.post("/change-email", { newEmail: "new@example.com" })).body.message).toBe(
      "Change email is disabled",
    );
  });

  it("unverified: the new address gets the link; the email changes (lowercased, verified) only when it is followed", async () => {
    const { auth, lastMail } = makeMailAuth();
    const { client, email } = await signUpUser(auth);
    expect(
      (await client.post("/change-email", { newEmail: "New.Address@Example.com", callbackURL: "/changed" })).body,
    ).toEqual({ status: true });
    expect((await client.get("/get-session")).body.user.email).toBe(email.toLowerCase());
    const r = await follow(client, lastMail("new.address@example.com", "verify-email").url);
    expect(r.headers.get("location")).toBe("/changed");
    const user = (await client.get("/get-session")).body.user;
    expect(user).toMatchObject({ email: "new.address@example.com", emailVerified: true });
  });

  it("verified: the current address confirms first, then the new one verifies", async () => {
    const { auth, lastMail } = makeMailAuth();
    const { client, email } = await signUpUser(auth);
    const current = email.toLowerCase();
    await follow(client, lastMail(current, "verify-email").url);
    await client.post("/change-email", { newEmail: "next@example.com" });
    const confirmation = lastMail(current, "change-email-confirmation");
    expect(confirmation.newEmail).toBe("next@example.com");
    await follow(client, confirmation.url);
    expect((await client.get("/get-session")).body.user.email).toBe(current);
    await follow(client, lastMail("next@example.com", "verify-email").url);
    expect((await client.get("/get-session")).body.user.email).toBe("next@example.com");
  });

  it("a verification link made for an old address is void once the address changed", async () => {
    const { auth, lastMail } = makeMailAuth();
    const { client, email } = await signUpUser(auth);
    const oldLink = lastMail(email.toLowerCase(), "verify-email").url;
    await client.post("/change-email", { newEmail: "moved@example.com" });
    await follow(client, lastMail("moved@example.com", "verify-email").url);
    // verify-email answers a void link 401 INVALID_TOKEN (better-auth's status for it).
    expect((await follow(client, oldLink)).status).toBe(401);
  });

  it("unverified: a taken address gets the answer a free one gets, and no mail; nothing changes", async () => {
    const { auth, mails } = makeMailAuth();
    const a = await signUpUser(auth);
    const b = await signUpUser(auth);
    const taken = b.email.toLowerCase();
    const mailsTo = (to: string) => mails.filter((m) => m.to === to).length;
    const before = mailsTo(taken);
    const toTaken = await a.client.post("/change-email", { newEmail: b.email, callbackURL: "/changed" });
    const toFree = await a.client.post("/change-email", { newEmail: "free@example.com", callbackURL: "/changed" });
    expect(toTaken.status).toBe(toFree.status);
    expect(toTaken.text).toBe(toFree.text);
    expect(mailsTo(taken)).toBe(before);
    expect(mailsTo("free@example.com")).toBe(1);
    expect((await a.client.get("/get-session")).body.user.email).toBe(a.email.toLowerCase());
  });

  it("verified: confirming a change to a taken address answers as for a free one and mails nothing to it", async () => {
    const { auth, lastMail, mails } = makeMailAuth();
    const { client, email } = await signUpUser(auth);
    const other = await signUpUser(auth);
    const current = email.toLowerCase();
    const taken = other.email.toLowerCase();
    await follow(client, lastMail(current, "verify-email").url);
    const answers = [];
    for (const newEmail of [taken, "free-too@example.com"]) {
      const r = await client.post("/change-email", { newEmail, callbackURL: "/next" });
      const confirmation = lastMail(current, "change-email-confirmation");
      expect(confirmation.newEmail).toBe(newEmail);
      const confirmed = await follow(client, confirmation.url);
      answers.push({ post: r.text, status: confirmed.status, location: confirmed.headers.get("location") });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(mails.filter((m) => m.to === taken && m.type === "verify-email")).toHaveLength(1); // its own sign-up mail
    expect(mails.filter((m) => m.to === "free-too@example.com")).toHaveLength(1);
    expect((await client.get("/get-session")).body.user.email).toBe(current);
  });
});
