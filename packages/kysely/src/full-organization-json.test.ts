// get-full-organization's answer is written by core's serializeJson, which writes Dates itself instead
// of leaving them to JSON.stringify (issue 19). Its text must stay byte for byte what JSON.stringify
// writes for the same value, on rows as each dialect returns them: dates (SQLite stores them as text or
// numbers, PostgreSQL and MySQL as timestamps), nulls, metadata JSON with escapes and non-ASCII text.
import { createAuth } from "@gatehouse-auth/core";
import { signUpUser } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

let counter = 0;
const unique = (tag: string) => `${tag}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

for (const [name, open] of testDatabases) {
  describe(`get-full-organization's JSON on ${name}`, () => {
    const make = () =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
        plugins: [organization({ teams: { enabled: true }, requireEmailVerificationOnInvitation: false })],
      });

    const { database, test } = useTestDatabase(`get-full-organization JSON on ${name}`, open, () =>
      make().$context.adapter.migrate!(),
    );

    test("the HTTP answer is exactly JSON.stringify of what auth.api returns", async () => {
      const auth = make();
      const owner = await signUpUser(auth, `${unique("owner")}@example.com`);
      const metadata = { plan: "pro", quote: 'say "hi"\n\t\\', emoji: "😀 é", nested: { list: [1, null, true] } };
      const created = await owner.client.post("/organization/create", {
        name: 'Zoë\'s "Org"',
        slug: unique("org"),
        metadata,
      });
      expect(created.status).toBe(200);
      const organizationId = created.body.id as string;
      const team = await owner.client.post("/organization/create-team", { name: "Team ü", organizationId });
      expect(team.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const u = await signUpUser(auth, `${unique("m")}@example.com`);
        const inv = await owner.client.post("/organization/invite-member", {
          email: u.email,
          role: "member",
          organizationId,
        });
        expect(inv.status).toBe(200);
        expect((await u.client.post("/organization/accept-invitation", { invitationId: inv.body.id })).status).toBe(
          200,
        );
      }
      // Pending invitations: one with a team, one without (a null teamId).
      for (const teamId of [team.body.id, undefined]) {
        const inv = await owner.client.post("/organization/invite-member", {
          email: `${unique("pending")}@example.com`,
          role: "member",
          organizationId,
          teamId,
        });
        expect(inv.status).toBe(200);
      }

      const res = await owner.client.get("/organization/get-full-organization", { query: { organizationId } });
      expect(res.status).toBe(200);
      const headers = { cookie: [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
      const value = await auth.api.getFullOrganization({ query: { organizationId }, headers });
      expect(res.text).toBe(JSON.stringify(value));
      // The fixture holds what the serializer treats specially: Dates, nulls, nested metadata.
      const full = value as unknown as {
        createdAt: unknown;
        logo: unknown;
        metadata: unknown;
        members: { createdAt: unknown; user: { image: unknown } }[];
        invitations: { expiresAt: unknown; teamId: unknown }[];
        teams: unknown[];
      };
      expect(full.createdAt).toBeInstanceOf(Date);
      expect(full.members).toHaveLength(4);
      expect(full.members.every((m) => m.createdAt instanceof Date && m.user.image === null)).toBe(true);
      expect(full.invitations.some((i) => i.expiresAt instanceof Date && i.teamId === null)).toBe(true);
      expect(full.logo).toBeNull();
      expect(full.metadata).toEqual(metadata);
      expect(full.teams).toHaveLength(2);
    });
  });
}
