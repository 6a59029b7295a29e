// Shared by the *.test.ts files of this package: an auth with the plugin, and users in their roles.
import type { AuthOptions, Db } from "@gatehouse-auth/core";
import { makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import type { InvitationEmailData, OrganizationOptions } from "./organization-options.js";
import { organization } from "./organization-plugin.js";

/**
 * An auth on the memory adapter with the plugin; `sent` collects invitation emails (then any
 * `sendInvitationEmail` given runs, e.g. one that throws).
 */
export function makeOrgAuth(options: OrganizationOptions = {}, extra: Partial<AuthOptions> = {}) {
  const sent: InvitationEmailData[] = [];
  const auth = makeTestAuth({
    ...extra,
    plugins: [
      organization({
        teams: { enabled: true, maximumTeams: 10 },
        ...options,
        sendInvitationEmail: async (data) => {
          sent.push(data);
          await options.sendInvitationEmail?.(data);
        },
      }),
    ],
  });
  return { auth, sent };
}

/** A clock tests move by hand, for `advanced.now`. */
export function manualClock() {
  const clock = {
    t: Date.now(),
    advance(seconds: number) {
      clock.t += seconds * 1000;
    },
  };
  return clock;
}

type OrgAuth = ReturnType<typeof makeOrgAuth>["auth"];

/** A signed-in user: client, id and email. */
export interface TestUser {
  client: TestClient;
  userId: string;
  email: string;
}

let counter = 0;
/** Signs a fresh user up, address unverified (they can then see no invitation by default). */
export async function newUnverifiedUser(auth: OrgAuth, tag = "u"): Promise<TestUser> {
  const { client, userId, email } = await signUpUser(auth, `${tag}-${++counter}-${Date.now()}@example.com`);
  return { client, userId, email };
}

/**
 * Signs a fresh user up and marks the address verified in storage (as following the verification link
 * would): by default only a verified address may see and answer its invitations.
 */
export async function newUser(auth: OrgAuth, tag = "u"): Promise<TestUser> {
  const user = await newUnverifiedUser(auth, tag);
  await auth.$context.users.update(user.userId, { emailVerified: true });
  return user;
}

/** Creates an organization as `user`; returns its body. */
export async function createOrg(user: TestUser, extra: Record<string, unknown> = {}) {
  const slug = `org-${++counter}`;
  const r = await user.client.post("/organization/create", { name: `Org ${slug}`, slug, ...extra });
  if (r.status !== 200) throw new Error(`create failed: ${r.status} ${r.text}`);
  return r.body;
}

/** A fresh user who joins through an invitation from `inviter` with `role`. */
export async function joinOrg(auth: OrgAuth, inviter: TestUser, organizationId: string, role: string | string[]) {
  const u = await newUser(auth, "joiner");
  const inv = await inviter.client.post("/organization/invite-member", { email: u.email, role, organizationId });
  if (inv.status !== 200) throw new Error(`invite failed: ${inv.status} ${inv.text}`);
  const r = await u.client.post("/organization/accept-invitation", { invitationId: inv.body.id });
  if (r.status !== 200) throw new Error(`accept failed: ${r.status} ${r.text}`);
  return { ...u, member: r.body.member, invitationId: inv.body.id as string };
}

/** An organization with an owner, an admin and a member. */
export async function orgWithRoles(options: OrganizationOptions = {}, extra: Partial<AuthOptions> = {}) {
  const { auth, sent } = makeOrgAuth(options, extra);
  const owner = await newUser(auth, "owner");
  const org = await createOrg(owner);
  const ownerMember = org.members[0];
  const admin = await joinOrg(auth, owner, org.id, "admin");
  const member = await joinOrg(auth, owner, org.id, "member");
  return { auth, sent, org, owner: { ...owner, member: ownerMember }, admin, member };
}

/** `auth.api.addMember` (server only); makeTestAuth's type does not know plugin endpoints. */
export function addMemberOnServer(
  auth: OrgAuth,
  body: { userId: string; role: string | string[]; organizationId: string; teamId?: string },
): Promise<Record<string, unknown>> {
  const api = auth.api as unknown as { addMember(input: { body: typeof body }): Promise<Record<string, unknown>> };
  return api.addMember({ body });
}

/** How many reads `fn` makes through `db`. */
export async function countReads(db: Db, fn: () => Promise<unknown>): Promise<number> {
  let calls = 0;
  const original = { findOne: db.findOne, findMany: db.findMany, count: db.count };
  const wrap = <F extends (...args: never[]) => unknown>(f: F) =>
    ((...args: Parameters<F>) => {
      calls++;
      return f(...args);
    }) as F;
  Object.assign(db, { findOne: wrap(db.findOne), findMany: wrap(db.findMany), count: wrap(db.count) });
  try {
    await fn();
  } finally {
    Object.assign(db, original);
  }
  return calls;
}
