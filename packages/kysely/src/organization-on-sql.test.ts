// The organization plugin's races on real databases: requests that check a rule, then write, sent all
// at once. On the memory adapter transactions run one at a time, so only these tests can show that the
// organization lock and the unique indexes hold on SQLite, PostgreSQL and MySQL/MariaDB.
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { signUpUser } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import type { OrganizationOptions } from "@gatehouse-auth/organization";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

let counter = 0;
const unique = (tag: string) => `${tag}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();

for (const [name, open] of testDatabases) {
  describe(`organization races on ${name}`, () => {
    const make = (options: OrganizationOptions = {}): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
        // The race tests accept invitations as freshly signed-up (unverified) users.
        plugins: [organization({ teams: { enabled: true }, requireEmailVerificationOnInvitation: false, ...options })],
      });

    const { database, test } = useTestDatabase(`organization races on ${name}`, open, () =>
      make().$context.adapter.migrate!(),
    );

    const user = (auth: Auth) => signUpUser(auth, `${unique("u")}@example.com`);
    async function orgOf(auth: Auth) {
      const owner = await user(auth);
      const r = await owner.client.post("/organization/create", { name: "Org", slug: unique("org") });
      expect(r.status).toBe(200);
      return { owner, org: r.body as { id: string } };
    }
    const count = (auth: Auth, model: string, field: string, value: string) =>
      auth.$context.db.count({ model, where: [{ field, value }] });

    test("concurrent invites of one address leave one pending invitation; with resend, all get it", async () => {
      const auth = make();
      const { owner, org } = await orgOf(auth);
      const email = `${unique("inv")}@example.com`;
      const invite = (resend?: boolean) =>
        owner.client.post("/organization/invite-member", { email, role: "member", organizationId: org.id, resend });
      const rs = await Promise.all([1, 2, 3, 4].map(() => invite()));
      expect(statuses(rs)).toEqual([200, 400, 400, 400]);
      expect(rs.filter((r) => r.status === 400).every((r) => r.body.code === "USER_ALREADY_INVITED")).toBe(true);
      expect(await count(auth, "invitation", "email", email)).toBe(1);
      const again = await Promise.all([1, 2, 3].map(() => invite(true)));
      expect(statuses(again)).toEqual([200, 200, 200]);
      expect(new Set(again.map((r) => r.body.id)).size).toBe(1);
      expect(await count(auth, "invitation", "email", email)).toBe(1);
    });

    test("concurrent accepts of two invitations for one user make one member, never a 500", async () => {
      const auth = make();
      const { owner, org } = await orgOf(auth);
      const invitee = await user(auth);
      const first = (await owner.client.post("/organization/invite-member", { email: invitee.email, role: "member" }))
        .body;
      // A second pending invitation, as the old unguarded invite race used to leave behind.
      const second = await auth.$context.db.create<{ id: string }>({
        model: "invitation",
        data: { ...first, id: undefined, createdAt: undefined },
      });
      const rs = await Promise.all(
        [first.id, second.id, first.id, second.id].map((invitationId) =>
          invitee.client.post("/organization/accept-invitation", { invitationId }),
        ),
      );
      expect(statuses(rs)).toEqual([200, 400, 400, 400]);
      expect(
        rs
          .filter((r) => r.status === 400)
          .every((r) => ["INVITATION_NOT_FOUND", "USER_ALREADY_MEMBER"].includes(r.body.code)),
      ).toBe(true);
      const members = await auth.$context.db.findMany({
        model: "member",
        where: [
          { field: "organizationId", value: org.id },
          { field: "userId", value: invitee.userId },
        ],
      });
      expect(members).toHaveLength(1);
    });

    test("the unique index answers USER_ALREADY_MEMBER when server-side adds race", async () => {
      const auth = make();
      const { org } = await orgOf(auth);
      const u = await user(auth);
      const api = auth.api as unknown as { addMember(i: { body: Record<string, unknown> }): Promise<unknown> };
      const rs = await Promise.allSettled(
        [1, 2, 3, 4].map(() => api.addMember({ body: { userId: u.userId, role: "member", organizationId: org.id } })),
      );
      expect(rs.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of rs)
        if (r.status === "rejected") expect((r.reason as { code: string }).code).toBe("USER_ALREADY_MEMBER");
    });

    test("the membership limit holds under concurrent accepts", async () => {
      const auth = make({ membershipLimit: 3 });
      const { owner, org } = await orgOf(auth);
      const invitees = await Promise.all([1, 2, 3, 4, 5].map(() => user(auth)));
      const ids: string[] = [];
      for (const u of invitees)
        ids.push((await owner.client.post("/organization/invite-member", { email: u.email, role: "member" })).body.id);
      const rs = await Promise.all(
        invitees.map((u, i) => u.client.post("/organization/accept-invitation", { invitationId: ids[i] })),
      );
      expect(statuses(rs)).toEqual([200, 200, 403, 403, 403]);
      expect(await count(auth, "member", "organizationId", org.id)).toBe(3);
    });

    test("the organization limit holds under concurrent creates by one user", async () => {
      const auth = make({ organizationLimit: 2 });
      const u = await user(auth);
      const rs = await Promise.all(
        [1, 2, 3, 4, 5].map(() => u.client.post("/organization/create", { name: "O", slug: unique("lim") })),
      );
      expect(statuses(rs)).toEqual([200, 200, 403, 403, 403]);
      expect(await count(auth, "member", "userId", u.userId)).toBe(2);
    });

    test("team limits hold under concurrent creates, adds and accepts", async () => {
      // No default team: the five creates race for both places.
      const auth = make({
        teams: { enabled: true, maximumTeams: 2, maximumMembersPerTeam: 2, defaultTeam: { enabled: false } },
      });
      const { owner, org } = await orgOf(auth);
      const created = await Promise.all(
        [1, 2, 3, 4, 5].map((i) => owner.client.post("/organization/create-team", { name: `T${i}` })),
      );
      expect(statuses(created)).toEqual([200, 200, 400, 400, 400]);
      expect(await count(auth, "team", "organizationId", org.id)).toBe(2);
      const team = created.find((r) => r.status === 200)!.body as { id: string };
      const api = auth.api as unknown as { addMember(i: { body: Record<string, unknown> }): Promise<unknown> };
      const users = await Promise.all([1, 2, 3, 4].map(() => user(auth)));
      for (const u of users.slice(0, 3))
        await api.addMember({ body: { userId: u.userId, role: "member", organizationId: org.id } });
      const late = users[3]!;
      const inv = (
        await owner.client.post("/organization/invite-member", { email: late.email, role: "member", teamId: team.id })
      ).body;
      const rs = await Promise.all([
        ...users
          .slice(0, 3)
          .map((u) => owner.client.post("/organization/add-team-member", { teamId: team.id, userId: u.userId })),
        late.client.post("/organization/accept-invitation", { invitationId: inv.id }),
      ]);
      expect(statuses(rs)).toEqual([200, 200, 400, 400]);
      expect(await count(auth, "teamMember", "teamId", team.id)).toBe(2);
    });

    test("two owners leaving at once: one stays", async () => {
      const auth = make();
      const { owner, org } = await orgOf(auth);
      const second = await user(auth);
      const inv = (await owner.client.post("/organization/invite-member", { email: second.email, role: "owner" })).body;
      await second.client.post("/organization/accept-invitation", { invitationId: inv.id });
      const rs = await Promise.all(
        [owner, second].map((u) => u.client.post("/organization/leave", { organizationId: org.id })),
      );
      expect(statuses(rs)).toEqual([200, 400]);
      expect(rs.find((r) => r.status === 400)!.body.code).toBe("CANNOT_LEAVE_AS_ONLY_OWNER");
      expect(await count(auth, "member", "organizationId", org.id)).toBe(1);
    });

    test("an invitation to a removed team is still accepted (no foreign-key 500), without the team", async () => {
      const auth = make();
      const { owner, org } = await orgOf(auth);
      const [gone, stays] = [
        (await owner.client.post("/organization/create-team", { name: "Gone" })).body,
        (await owner.client.post("/organization/create-team", { name: "Stays" })).body,
      ];
      const a = await user(auth);
      const b = await user(auth);
      const invA = (
        await owner.client.post("/organization/invite-member", { email: a.email, role: "member", teamId: gone.id })
      ).body;
      expect((await owner.client.post("/organization/remove-team", { teamId: gone.id })).status).toBe(200);
      const ra = await a.client.post("/organization/accept-invitation", { invitationId: invA.id });
      expect(ra.status).toBe(200);
      expect(ra.body.member.teamId).toBeNull();
      // A row from before removals cleared invitations: it names a team that no longer exists.
      const invB = (
        await owner.client.post("/organization/invite-member", { email: b.email, role: "member", teamId: stays.id })
      ).body;
      await auth.$context.db.update({
        model: "invitation",
        where: [{ field: "id", value: invB.id }],
        update: { teamId: "no-such-team" },
      });
      const rb = await b.client.post("/organization/accept-invitation", { invitationId: invB.id });
      expect(rb.status).toBe(200);
      expect(await count(auth, "member", "organizationId", org.id)).toBe(3);
    });
  });
}
