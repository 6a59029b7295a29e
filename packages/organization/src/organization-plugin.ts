import { definePlugin } from "@gatehouse-auth/core";
import { ORGANIZATION_ERRORS } from "./organization-errors.js";
import { ORGANIZATION_OPTION_KEYS, resolveOrganizationOptions } from "./organization-options.js";
import type { OrganizationOptions } from "./organization-options.js";
import { memberPermission } from "./member-permission.js";
import { organizationSchema } from "./organization-schema.js";
import { acceptInvitation } from "./routes/accept-invitation.js";
import { addMember } from "./routes/add-member.js";
import { cancelInvitation } from "./routes/cancel-invitation.js";
import { checkOrganizationSlug } from "./routes/check-organization-slug.js";
import { createOrganization } from "./routes/create-organization.js";
import { deleteOrganization } from "./routes/delete-organization.js";
import { getActiveMember } from "./routes/get-active-member.js";
import { getActiveMemberRole } from "./routes/get-active-member-role.js";
import { getFullOrganization } from "./routes/get-full-organization.js";
import { getInvitation } from "./routes/get-invitation.js";
import { hasOrganizationPermission } from "./routes/has-permission.js";
import { inviteMember } from "./routes/invite-member.js";
import { leaveOrganization } from "./routes/leave-organization.js";
import { listInvitations } from "./routes/list-invitations.js";
import { listMembers } from "./routes/list-members.js";
import { listOrganizations } from "./routes/list-organizations.js";
import { listUserInvitations } from "./routes/list-user-invitations.js";
import { rejectInvitation } from "./routes/reject-invitation.js";
import { removeMember } from "./routes/remove-member.js";
import { setActiveOrganization } from "./routes/set-active-organization.js";
import { updateMemberRole } from "./routes/update-member-role.js";
import { updateOrganization } from "./routes/update-organization.js";
import { teamEndpoints } from "./team-endpoints.js";

/** The organization plugin: organizations, members, invitations and (optionally) teams. */
export const organization = (options: OrganizationOptions = {}) => {
  const o = resolveOrganizationOptions(options);
  return definePlugin({
    id: "organization",
    // A misspelt option (teams.maximumTeam) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: ORGANIZATION_OPTION_KEYS },
    schema: organizationSchema(o.teams.enabled),
    errors: ORGANIZATION_ERRORS,
    endpoints: {
      createOrganization: createOrganization(o),
      checkOrganizationSlug,
      updateOrganization: updateOrganization(o),
      deleteOrganization: deleteOrganization(o),
      listOrganizations,
      getFullOrganization: getFullOrganization(o),
      setActiveOrganization: setActiveOrganization(o),
      getActiveMember,
      getActiveMemberRole,
      leaveOrganization: leaveOrganization(o),
      hasPermission: hasOrganizationPermission(o),
      removeMember: removeMember(o),
      updateMemberRole: updateMemberRole(o),
      listMembers: listMembers(o),
      addMember: addMember(o),
      inviteMember: inviteMember(o),
      getInvitation: getInvitation(o),
      listInvitations,
      listUserInvitations: listUserInvitations(o),
      acceptInvitation: acceptInvitation(o),
      rejectInvitation: rejectInvitation(o),
      cancelInvitation: cancelInvitation(o),
      ...teamEndpoints(o),
    },
    // Public plugin API: other plugins find the plugin by id and ask it whether a member may act
    // (docs/organization.md); the api-key plugin gates organization keys with it.
    memberPermission: memberPermission(o),
  });
};
