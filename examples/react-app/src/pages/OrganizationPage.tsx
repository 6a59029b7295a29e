import { OrganizationSettings } from "@gatehouse-auth/react-ui";

/**
 * /organizations: the drop-in `<OrganizationSettings>` for the organization active in the header's
 * `<OrganizationSwitcher>` (where organizations are picked and created): profile, members and roles,
 * invitations, teams, single sign-on for owners and admins, leave, delete.
 */
export function OrganizationPage() {
  return (
    <section className="settings-page">
      <h1>Organization</h1>
      <p className="muted">Pick an organization, or create one, with the switcher at the top of the page.</p>
      <OrganizationSettings afterLeaveUrl="/" />
    </section>
  );
}
