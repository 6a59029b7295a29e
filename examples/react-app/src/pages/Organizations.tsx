import { useState } from "react";
import { client } from "../auth-client.js";
import { ActionButton, ErrorNote, Form, Link } from "../ui.js";

/** The active organization as the server returns it, typed from the organization plugin. */
type FullOrg = NonNullable<ReturnType<typeof client.useActiveOrganization>["data"]>;

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function Organizations() {
  const list = client.useListOrganizations();
  const active = client.useActiveOrganization();
  const [error, setError] = useState<{ message?: string } | null>(null);
  const run = async (p: Promise<{ error: { message?: string } | null }>) => setError((await p).error);
  // The built-in roles: owners and admins manage members, invitations and teams; members only look.
  const orgs = list.data ?? [];
  const full = active.data;
  return (
    <section>
      <h1>Organizations</h1>
      <ErrorNote error={error} />
      <div className="grid">
        <div className="card">
          <h2>Yours</h2>
          {!orgs.length && <p className="muted">None yet.</p>}
          <ul>
            {orgs.map((o) => (
              <li key={o.id} data-testid="org-item">
                {o.name}{" "}
                {full?.id === o.id ? (
                  <span className="ok">active</span>
                ) : (
                  <ActionButton onClick={() => run(client.organization.setActive({ organizationId: o.id }))}>
                    Switch
                  </ActionButton>
                )}
              </li>
            ))}
          </ul>
        </div>
        <Form
          className="card"
          onSubmit={async ({ name = "" }, form) => {
            await run(client.organization.create({ name, slug: `${slugify(name)}-${Date.now().toString(36)}` }));
            form.reset();
          }}
        >
          <h2>New organization</h2>
          <label>
            Name <input name="name" required />
          </label>
          <button type="submit">Create</button>
        </Form>
      </div>
      {full && <ActiveOrganization org={full} run={run} />}
    </section>
  );
}

function ActiveOrganization({
  org,
  run,
}: {
  org: FullOrg;
  run: (p: Promise<{ error: { message?: string } | null }>) => Promise<void>;
}) {
  const { data: session } = client.useSession();
  const me = org.members.find((m) => m.user.email === session?.user.email);
  const myRoles = me?.role.split(",") ?? [];
  const isOwner = myRoles.includes("owner");
  // What the built-in roles allow (the server checks it anyway): controls a member cannot use are not shown.
  const canManage = isOwner || myRoles.includes("admin");
  // Only an owner touches an owner's membership or makes someone owner.
  const canEdit = (m: { id: string; role: string }) =>
    canManage && m.id !== me?.id && (isOwner || !m.role.split(",").includes("owner"));
  const roles = isOwner ? ["owner", "admin", "member"] : ["admin", "member"];
  return (
    <>
      <h2 data-testid="active-org">{org.name}</h2>
      {/* SAML/OIDC connections, verified domains, enforcement and SCIM: the owners' and admins' page. */}
      {canManage && (
        <p>
          <Link to="/organizations/sso">Single sign-on</Link>
        </p>
      )}
      <div className="grid">
        <div className="card wide">
          <h3>Members</h3>
          <table>
            <tbody>
              {org.members.map((m) => (
                <tr key={m.id} data-testid="member-row">
                  <td>
                    {m.user.name} <span className="muted">{m.user.email}</span>
                  </td>
                  <td>
                    {canEdit(m) ? (
                      <select
                        value={m.role}
                        aria-label={`Role of ${m.user.email}`}
                        onChange={(e) =>
                          run(
                            client.organization.updateMemberRole({
                              memberId: m.id,
                              role: e.target.value,
                              organizationId: org.id,
                            }),
                          )
                        }
                      >
                        {roles.map((r) => (
                          <option key={r}>{r}</option>
                        ))}
                        {!roles.includes(m.role) && <option>{m.role}</option>}
                      </select>
                    ) : (
                      <span data-testid="member-role">{m.role}</span>
                    )}
                  </td>
                  <td>
                    {canEdit(m) && (
                      <ActionButton
                        confirm={`Remove ${m.user.name} (${m.user.email}) from ${org.name}?`}
                        onClick={() =>
                          run(client.organization.removeMember({ memberIdOrEmail: m.id, organizationId: org.id }))
                        }
                      >
                        Remove
                      </ActionButton>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* get-full-organization carries the first page; list-members pages the rest by cursor. */}
          {org.membersNextCursor ? <p className="muted">The first {org.members.length} members.</p> : null}
          {me && (
            <ActionButton
              confirm={`Leave ${org.name}? You will need a new invitation to come back.`}
              onClick={() => run(client.organization.leave({ organizationId: org.id }))}
            >
              Leave {org.name}
            </ActionButton>
          )}
        </div>
        {canManage && (
          <div className="card">
            <h3>Invitations</h3>
            <Form
              onSubmit={async ({ email = "", role = "member" }, form) => {
                await run(client.organization.inviteMember({ email, role, organizationId: org.id }));
                form.reset();
              }}
            >
              <label>
                Email <input name="email" type="email" required />
              </label>
              <label>
                Role
                <select name="role" defaultValue="member">
                  {[...roles].reverse().map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </label>
              <button type="submit">Invite</button>
            </Form>
            <ul>
              {org.invitations
                .filter((i) => i.status === "pending")
                .map((i) => (
                  <li key={i.id} data-testid="invitation-row">
                    {i.email} as {i.role}{" "}
                    <ActionButton
                      confirm={`Cancel the invitation to ${i.email}?`}
                      onClick={() => run(client.organization.cancelInvitation({ invitationId: i.id }))}
                    >
                      Cancel
                    </ActionButton>
                  </li>
                ))}
            </ul>
          </div>
        )}
        <div className="card">
          <h3>Teams</h3>
          <ul>
            {org.teams?.map((t) => (
              <li key={t.id} data-testid="team-row">
                {t.name}
              </li>
            ))}
          </ul>
          {canManage && (
            <Form
              onSubmit={async ({ name = "" }, form) => {
                await run(client.organization.createTeam({ name, organizationId: org.id }));
                form.reset();
              }}
            >
              <label>
                Team name <input name="name" required />
              </label>
              <button type="submit">Create team</button>
            </Form>
          )}
        </div>
      </div>
    </>
  );
}
