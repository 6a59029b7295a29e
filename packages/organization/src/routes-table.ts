import type { RouteEntry } from "@gatehouse-auth/core/routes";

const organization = ["organization"] as const;

/**
 * The plugin's routes: client call path → method, path, and the client state a success makes stale
 * (SPEC.md §7: create, delete, update, set-active and update-member-role refresh the organization).
 * Browser-safe; the server's endpoints are tested against it so the two cannot drift.
 */
export const ORGANIZATION_ROUTES = {
  "organization.create": { method: "POST", path: "/organization/create", invalidates: organization },
  "organization.checkSlug": { method: "POST", path: "/organization/check-slug" },
  "organization.update": { method: "POST", path: "/organization/update", invalidates: organization },
  "organization.delete": { method: "POST", path: "/organization/delete", invalidates: organization },
  "organization.list": { method: "GET", path: "/organization/list" },
  "organization.getFullOrganization": { method: "GET", path: "/organization/get-full-organization" },
  "organization.setActive": { method: "POST", path: "/organization/set-active", invalidates: organization },
  "organization.getActiveMember": { method: "GET", path: "/organization/get-active-member" },
  "organization.getActiveMemberRole": { method: "GET", path: "/organization/get-active-member-role" },
  "organization.leave": { method: "POST", path: "/organization/leave", invalidates: organization },
  "organization.hasPermission": { method: "POST", path: "/organization/has-permission" },
  "organization.removeMember": { method: "POST", path: "/organization/remove-member", invalidates: organization },
  "organization.updateMemberRole": {
    method: "POST",
    path: "/organization/update-member-role",
    invalidates: organization,
  },
  "organization.listMembers": { method: "GET", path: "/organization/list-members" },
  "organization.inviteMember": { method: "POST", path: "/organization/invite-member", invalidates: organization },
  "organization.getInvitation": { method: "GET", path: "/organization/get-invitation" },
  "organization.listInvitations": { method: "GET", path: "/organization/list-invitations" },
  "organization.listUserInvitations": { method: "GET", path: "/organization/list-user-invitations" },
  "organization.acceptInvitation": {
    method: "POST",
    path: "/organization/accept-invitation",
    invalidates: organization,
  },
  "organization.rejectInvitation": { method: "POST", path: "/organization/reject-invitation" },
  "organization.cancelInvitation": {
    method: "POST",
    path: "/organization/cancel-invitation",
    invalidates: organization,
  },
  "organization.createTeam": { method: "POST", path: "/organization/create-team", invalidates: organization },
  "organization.listTeams": { method: "GET", path: "/organization/list-teams" },
  "organization.updateTeam": { method: "POST", path: "/organization/update-team", invalidates: organization },
  "organization.removeTeam": { method: "POST", path: "/organization/remove-team", invalidates: organization },
  "organization.addTeamMember": { method: "POST", path: "/organization/add-team-member", invalidates: organization },
  "organization.removeTeamMember": {
    method: "POST",
    path: "/organization/remove-team-member",
    invalidates: organization,
  },
  "organization.listTeamMembers": { method: "GET", path: "/organization/list-team-members" },
  "organization.listUserTeams": { method: "GET", path: "/organization/list-user-teams" },
  "organization.setActiveTeam": { method: "POST", path: "/organization/set-active-team", invalidates: organization },
} as const satisfies Record<string, RouteEntry>;
