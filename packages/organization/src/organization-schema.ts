import type { FieldDef, Schema } from "@gatehouse/core";

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
        activeOrganizationId: { type: "string", required: false, input: false },
        ...(teams ? { activeTeamId: { type: "string", required: false, input: false } } : {}),
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
        teamId: { type: "string", required: false },
        createdAt: { type: "date", defaultValue: now },
      },
      // One membership per user and organization, even when two requests race past the read check.
      uniqueIndexes: [["organizationId", "userId"]],
      // Members are listed per organization, oldest first (list-members, get-full-organization).
      indexes: [["organizationId", "createdAt"]],
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
        teamId: { type: "string", required: false },
        inviterId: { type: "string", references: { model: "user", field: "id", onDelete: "cascade" } },
        expiresAt: { type: "date" },
        createdAt: { type: "date", defaultValue: now },
      },
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
    };
    schema.teamMember = {
      fields: {
        teamId: { type: "string", index: true, references: { model: "team", field: "id", onDelete: "cascade" } },
        userId: { type: "string", index: true, references: { model: "user", field: "id", onDelete: "cascade" } },
        createdAt: { type: "date", defaultValue: now },
      },
      uniqueIndexes: [["teamId", "userId"]],
    };
  }
  return schema;
}
