import type { FieldDef, Schema } from "@gatehouse-auth/core";

const now = () => new Date();

/** The organization columns; the routes build their input limits from these definitions. */
export const organizationFields = {
  name: { type: "string" },
  slug: { type: "string", unique: true },
  logo: { type: "string", required: false, long: true, maxLength: 2048 },
  metadata: { type: "json", required: false },
  createdAt: { type: "date", defaultValue: now },
} as const satisfies Record<string, FieldDef>;

/** The team columns a client may name (see organizationFields). */
export const teamFields = {
  name: { type: "string" },
} as const satisfies Record<string, FieldDef>;

/** Tables and session fields the plugin adds (SPEC.md §3); team tables only when teams are on. */
export function organizationSchema(teams: boolean): Schema {
  const schema: Schema = {
    session: {
      fields: {
        // Indexed: deleting an organization clears it from every session that has it active.
        activeOrganizationId: { type: "string", required: false, input: false, index: true },
        // Indexed: removing a team clears it from every session that has it active.
        ...(teams ? { activeTeamId: { type: "string", required: false, input: false, index: true } } : {}),
      },
    },
    organization: {
      // A copy: composition may add fields to it, and the constant is shared by every instance.
      fields: { ...organizationFields },
    },
    member: {
      fields: {
        organizationId: {
          type: "string",
          index: true,
          references: { model: "organization", field: "id", onDelete: "cascade" },
        },
        userId: { type: "string", index: true, references: { model: "user", field: "id", onDelete: "cascade" } },
        role: { type: "string" },
        // Indexed with teams on: removing a team clears it from members and invitations.
        teamId: { type: "string", required: false, index: teams },
        createdAt: { type: "date", defaultValue: now },
      },
      // One membership per user and organization, even when two requests race past the read check.
      uniqueIndexes: [["organizationId", "userId"]],
      // Members are listed per organization, oldest first (list-members, get-full-organization), and a
      // user's memberships are paged oldest first (organization/list). The id breaks ties in the listing's
      // order, so it is in the index: members added in the same millisecond (an import, SCIM) would
      // otherwise be joined with their users and sorted whole for each page (PostgreSQL at 1,000 such
      // members: 4,014 buffers and 3.7–10.6 ms for a page of 100).
      indexes: [
        ["organizationId", "createdAt", "id"],
        ["userId", "createdAt"],
      ],
    },
    invitation: {
      fields: {
        organizationId: {
          type: "string",
          index: true,
          references: { model: "organization", field: "id", onDelete: "cascade" },
        },
        email: { type: "string", index: true },
        role: { type: "string" },
        status: { type: "string", defaultValue: "pending" },
        // Indexed with teams on: removing a team clears it from members and invitations.
        teamId: { type: "string", required: false, index: teams },
        inviterId: { type: "string", references: { model: "user", field: "id", onDelete: "cascade" } },
        expiresAt: { type: "date" },
        createdAt: { type: "date", defaultValue: now },
      },
      // An organization's invitations are paged oldest first (list-invitations; get-full-organization's
      // pending ones): read in index order, not every invitation ever sent sorted per page.
      indexes: [["organizationId", "createdAt", "id"]],
    },
  };
  if (teams) {
    schema.team = {
      fields: {
        ...teamFields,
        organizationId: {
          type: "string",
          index: true,
          references: { model: "organization", field: "id", onDelete: "cascade" },
        },
        createdAt: { type: "date", defaultValue: now },
        updatedAt: { type: "date", required: false },
      },
      // list-teams pages an organization's teams oldest first.
      indexes: [["organizationId", "createdAt"]],
    };
    schema.teamMember = {
      fields: {
        teamId: { type: "string", index: true, references: { model: "team", field: "id", onDelete: "cascade" } },
        userId: { type: "string", index: true, references: { model: "user", field: "id", onDelete: "cascade" } },
        createdAt: { type: "date", defaultValue: now },
      },
      uniqueIndexes: [["teamId", "userId"]],
      // list-user-teams pages a user's team memberships oldest first.
      indexes: [["userId", "createdAt"]],
    };
  }
  return schema;
}
