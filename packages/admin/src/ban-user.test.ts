// Bans: sessions end at once, every sign-in is refused with a "banned" 403, and bans lift.
import { describe, expect, it } from "vitest";
import { makeAdminAuth, newAdmin, newUser, signIn, whoAmI } from "./test-helpers.js";

describe("ban-user and unban-user", () => {
  it("ends every session of the user and refuses email sign-in with 403 banned", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const second = await signIn(auth, u.email, u.password);
    expect(second.r.status).toBe(200);
    const r = await boss.client.post("/admin/ban-user", { userId: u.userId, banReason: "spamming" });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: u.userId, banned: true, banReason: "spamming", banExpires: null });
    expect(await whoAmI(u.client)).toBeNull();
    expect(await whoAmI(second.client)).toBeNull();
    expect(await auth.$context.sessions.listByUser(u.userId)).toEqual([]);
    const refused = await signIn(auth, u.email, u.password);
    expect(refused.r.status).toBe(403);
    expect(refused.r.body.code).toBe("BANNED_USER");
    expect(refused.r.body.message).toContain("banned");
    expect(await auth.$context.sessions.listByUser(u.userId)).toEqual([]);
  });

  it("a wrong password still answers 401: the ban shows only to whoever knows the password", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    await boss.client.post("/admin/ban-user", { userId: u.userId });
    expect((await signIn(auth, u.email, "wrong-password-1")).r.status).toBe(401);
  });

  it("unban-user lets the user sign in again", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    await boss.client.post("/admin/ban-user", { userId: u.userId, banReason: "x" });
    const r = await boss.client.post("/admin/unban-user", { userId: u.userId });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    const back = await signIn(auth, u.email, u.password);
    expect(back.r.status).toBe(200);
    expect(await whoAmI(back.client)).toBe(u.userId);
  });

  it("banExpiresIn sets the end; an expired ban lifts itself at the next sign-in", async () => {
    let clock = Date.now();
    const auth = makeAdminAuth({}, { advanced: { now: () => clock } });
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const r = await boss.client.post("/admin/ban-user", { userId: u.userId, banExpiresIn: 60 });
    expect(new Date(r.body.user.banExpires).getTime()).toBe(clock + 60_000);
    expect((await signIn(auth, u.email, u.password)).r.status).toBe(403);
    clock += 61_000;
    const back = await signIn(auth, u.email, u.password);
    expect(back.r.status).toBe(200);
    expect(back.r.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect(await auth.$context.users.findById(u.userId)).toMatchObject({ banned: false, banExpires: null });
  });

  it("uses defaultBanReason, defaultBanExpiresIn and bannedUserMessage", async () => {
    const auth = makeAdminAuth({
      defaultBanReason: "Terms of service",
      defaultBanExpiresIn: 3600,
      bannedUserMessage: "Your account is banned; write to support",
    });
    const boss = await newAdmin(auth);
    const u = await newUser(auth);
    const r = await boss.client.post("/admin/ban-user", { userId: u.userId });
    expect(r.body.user.banReason).toBe("Terms of service");
    expect(new Date(r.body.user.banExpires).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const refused = await signIn(auth, u.email, u.password);
    expect(refused.r.status).toBe(403);
    expect(refused.r.body.message).toBe("Your account is banned; write to support");
  });

  it("refuses banning yourself (400) and unknown users (404), and bad input (400)", async () => {
    const auth = makeAdminAuth();
    const boss = await newAdmin(auth);
    const self = await boss.client.post("/admin/ban-user", { userId: boss.userId });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: "CANNOT_BAN_YOURSELF", message: "You cannot ban yourself" });
    expect(await whoAmI(boss.client)).toBe(boss.userId);
    const unknown = await boss.client.post("/admin/ban-user", { userId: "nobody" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("User not found");
    expect((await boss.client.post("/admin/unban-user", { userId: "nobody" })).status).toBe(404);
    const negative = await boss.client.post("/admin/ban-user", { userId: "nobody", banExpiresIn: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.code).toBe("VALIDATION_ERROR");
  });
});
