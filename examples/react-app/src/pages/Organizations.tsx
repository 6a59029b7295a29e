import { useState } from "react";
import { client } from "../auth-client.js";
import { ErrorNote, formValues } from "../ui.js";

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
                  <button type="button" onClick={() => run(client.organization.setActive({ organizationId: o.id }))}>
                    Switch
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
        <form
          className="card"
          onSubmit={(e) => {
            const { name = "" } = formValues(e);
            e.currentTarget.reset();
            void run(client.organization.create({ name, slug: `${slugify(name)}-${Date.now().toString(36)}` }));
          }}
        >
          <h2>New organization</h2>
          <label>
            Name <input name="name" required />
          </label>
          <button type="submit">Create</button>
        </form>
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
  return (
    <>
      <h2 data-testid="active-org">{org.name}</h2>
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
                      {["owner", "admin", "member"].map((r) => (
                        <option key={r}>{r}</option>
                      ))}
                      {!["owner", "admin", "member"].includes(m.role) && <option>{m.role}</option>}
                    </select>
                  </td>
                  <td>
                    {m.id !== me?.id && (
                      <button
                        type="button"
                        onClick={() =>
                          run(client.organization.removeMember({ memberIdOrEmail: m.id, organizationId: org.id }))
                        }
                      >
                        Remove
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {me && (
            <button type="button" onClick={() => run(client.organization.leave({ organizationId: org.id }))}>
              Leave {org.name}
            </button>
          )}
        </div>
        <div className="card">
          <h3>Invitations</h3>
          <form
            onSubmit={(e) => {
              const { email = "", role = "member" } = formValues(e);
              e.currentTarget.reset();
              void run(client.organization.inviteMember({ email, role, organizationId: org.id }));
            }}
          >
            <label>
              Email <input name="email" type="email" required />
            </label>
            <label>
              Role
              <select name="role" defaultValue="member">
                <option>member</option>
                <option>admin</option>
                <option>owner</option>
              </select>
            </label>
            <button type="submit">Invite</button>
          </form>
          <ul>
            {org.invitations
              .filter((i) => i.status === "pending")
              .map((i) => (
                <li key={i.id} data-testid="invitation-row">
                  {i.email} as {i.role}{" "}
                  <button
                    type="button"
                    onClick={() => run(client.organization.cancelInvitation({ invitationId: i.id }))}
                  >
                    Cancel
                  </button>
                </li>
              ))}
          </ul>
        </div>
        <div className="card">
          <h3>Teams</h3>
          <ul>
            {org.teams?.map((t) => (
              <li key={t.id} data-testid="team-row">
                {t.name}
              </li>
            ))}
          </ul>
          <form
            onSubmit={(e) => {
              const { name = "" } = formValues(e);
              e.currentTarget.reset();
              void run(client.organization.createTeam({ name, organizationId: org.id }));
            }}
          >
            <label>
              Team name <input name="name" required />
            </label>
            <button type="submit">Create team</button>
          </form>
        </div>
      </div>
    </>
  );
}
