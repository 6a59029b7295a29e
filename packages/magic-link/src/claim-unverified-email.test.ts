// The pre-registration takeover defence through HTTP: someone registers the victim's address (with a
// password, a pending email change, a session), then the victim signs in by magic link.
import { describe, expect, it } from "vitest";
import { createTestClient, makeLinkAuth, newEmail, openLink, requestLink, signUpUser } from "./test-helpers.js";

function makeEnv() {
  const verifyMails: { to: string; url: string }[] = [];
  const env = makeLinkAuth(
    {},
    {
      emailVerification: {
        sendVerificationEmail: ({ user, url }) => void verifyMails.push({ to: user.email, url }),
      },
      user: { changeEmail: { enabled: true } },
    },
  );
  return { ...env, verifyMails };
}

describe("a link for an unverified account", () => {
  it("verifies it and removes every session, password and pending email change made before the proof", async () => {
    const env = makeEnv();
    const victim = newEmail("victim");
    const squatter = await signUpUser(env.auth, victim, "squatter-password-1");
    // The squatter queues a move of the account to their own address, to follow once the victim is in.
    const move = await squatter.client.post("/change-email", { newEmail: newEmail("squatter") });
    expect(move.status).toBe(200);
    await new Promise((r) => setTimeout(r, 0));
    const moveLink = env.verifyMails.at(-1);
    expect(moveLink).toBeTruthy();

    const mail = await requestLink(env, victim);
    const browser = createTestClient(env.auth);
    expect((await openLink(browser, mail.url)).headers.get("location")).toBe("/dashboard");
    const me = (await browser.get("/get-session")).body;
    expect(me.user).toMatchObject({ id: squatter.userId, emailVerified: true });

    expect((await squatter.client.get("/get-session")).body).toBeNull();
    const password = await createTestClient(env.auth).post("/sign-in/email", {
      email: victim,
      password: "squatter-password-1",
    });
    expect(password.status).toBe(401);
    const accounts = await env.auth.$context.db.count({
      model: "account",
      where: [{ field: "userId", value: squatter.userId }],
    });
    expect(accounts).toBe(0);
    const moved = await createTestClient(env.auth).get(new URL(moveLink!.url).pathname.replace("/api/auth", ""), {
      query: Object.fromEntries(new URL(moveLink!.url).searchParams),
    });
    // The pending email change's link is void: verify-email answers an unknown token with 401.
    expect(moved.status).toBe(401);
    expect((await browser.get("/get-session")).body.user.email).toBe(victim);
  });

  it("leaves a verified account's sessions and password alone", async () => {
    const env = makeEnv();
    const u = await signUpUser(env.auth);
    await env.auth.$context.db.update({
      model: "user",
      where: [{ field: "id", value: u.userId }],
      update: { emailVerified: true },
    });
    const mail = await requestLink(env, u.email);
    await openLink(createTestClient(env.auth), mail.url);
    expect((await u.client.get("/get-session")).body.user.id).toBe(u.userId);
    const password = await createTestClient(env.auth).post("/sign-in/email", { email: u.email, password: u.password });
    expect(password.status).toBe(200);
  });
});
