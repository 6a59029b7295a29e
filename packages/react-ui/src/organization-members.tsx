import { useId, useState } from "react";
import { LoadFailed } from "./account-sessions.js";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { useOrgText } from "./organization-messages.js";
import { ActionAlert, ConfirmRow, MoreButton, RoleSelect, withOrgField } from "./organization-parts.js";
import type { ActiveOrganization, OrganizationAction } from "./use-organization.js";
import { TeamMembers, type Directory } from "./organization-team-members.js";
import { type Paged, usePaged } from "./use-paged.js";

type May = Record<OrganizationAction, boolean>;

export interface Member {
  id: string;
  userId: string;
  role: string;
  user: { id: string; name: string; email: string };
}

interface Invitation {
  id: string;
  email: string;
  role: string;
  expiresAt: string;
}

interface Team {
  id: string;
  name: string;
}

/** One section's action state: the busy flag, the error, the success note, and which row confirms. */
function useSection() {
  const submit = useSubmit();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const act = async (call: () => ReturnType<typeof callClient>, done: string, after: () => void) => {
    setNotice(null);
    if (await submit.run(call)) {
      setConfirming(null);
      setNotice(done);
      after();
    }
  };
  return { ...submit, notice, setNotice, confirming, setConfirming, act };
}

/** The organization's members, paged: the members card shows them, the teams read names from them. */
export function useMemberList(organizationId: string, pageSize: number): Paged<Member> {
  return usePaged<Member>("organization.listMembers", { organizationId, limit: pageSize }, { key: "members" });
}

/** Members, paged: role changes and removals (with confirmation) where the server says the caller may. */
export function OrganizationMembers({
  org,
  may,
  roles,
  list,
  userId,
}: {
  org: ActiveOrganization;
  may: May;
  roles: readonly string[];
  list: Paged<Member>;
  userId: string;
}) {
  const { client, t } = useGatehouseUI();
  const ot = useOrgText();
  const s = useSection();
  const baseId = useId();
  return (
    <Card title={ot("membersTitle")} testId="gh-organization-members">
      <ActionAlert text={s.error?.text ?? (list.items && list.errorCode ? t("loadFailed") : undefined)} />
      {s.notice && <Notice>{s.notice}</Notice>}
      {list.items === undefined && <p className="gh-muted">{t("loading")}</p>}
      {list.items === null && <LoadFailed onRetry={list.reload} />}
      {list.items && (
        <ul className="gh-list">
          {list.items.map((m) => {
            const name = m.user.name || m.user.email;
            return (
              <li key={m.id} className="gh-list-item">
                <div className="gh-list-text">
                  <span className="gh-strong">{name}</span>
                  {m.userId === userId && <span className="gh-badge">{ot("you")}</span>}
                  <span className="gh-muted gh-small">{m.user.email}</span>
                  {!may.updateMember && <span className="gh-small">{m.role}</span>}
                </div>
                {s.confirming === m.id ? (
                  <ConfirmRow
                    question={ot("removeMemberConfirm", { name })}
                    confirm={ot("removeMember")}
                    pending={s.pending}
                    onCancel={() => s.setConfirming(null)}
                    onConfirm={() =>
                      void s.act(
                        () =>
                          callClient(client, "organization.removeMember", {
                            memberIdOrEmail: m.id,
                            organizationId: org.id,
                          }),
                        ot("memberRemoved", { name }),
                        list.reload,
                      )
                    }
                  />
                ) : (
                  <div className="gh-row-actions">
                    {may.updateMember && (
                      <form
                        className="gh-inline-form"
                        onSubmit={(event) => {
                          event.preventDefault();
                          const role = String(new FormData(event.currentTarget).get("role") ?? "");
                          void s.act(
                            () =>
                              callClient(client, "organization.updateMemberRole", {
                                memberId: m.id,
                                role,
                                organizationId: org.id,
                              }),
                            ot("roleChanged", { name, role }),
                            list.reload,
                          );
                        }}
                      >
                        <RoleSelect
                          id={`${baseId}-${m.id}`}
                          roles={roles.includes(m.role) ? roles : [m.role, ...roles]}
                          name="role"
                          label={ot("roleOf", { name })}
                          defaultValue={m.role}
                          disabled={s.pending}
                        />
                        <button
                          type="submit"
                          className="gh-button gh-button-inline"
                          data-variant="secondary"
                          disabled={s.pending}
                          aria-busy={s.pending || undefined}
                        >
                          {ot("changeRole")}
                        </button>
                      </form>
                    )}
                    {may.removeMember && m.userId !== userId && (
                      <button
                        type="button"
                        className="gh-button gh-button-inline"
                        data-variant="secondary"
                        disabled={s.pending}
                        aria-label={ot("removeMemberOf", { name })}
                        onClick={() => {
                          s.setError(null);
                          s.setConfirming(m.id);
                        }}
                      >
                        {ot("removeMember")}
                      </button>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <MoreButton shown={list.hasMore} busy={list.loadingMore} onMore={list.loadMore} />
    </Card>
  );
}

/** Invite by email with a role; pending invitations, paged, to resend or cancel (with confirmation). */
export function OrganizationInvitations({
  org,
  may,
  roles,
  pageSize,
}: {
  org: ActiveOrganization;
  may: May;
  roles: readonly string[];
  pageSize: number;
}) {
  const { client, t } = useGatehouseUI();
  const ot = useOrgText();
  const list = usePaged<Invitation>("organization.listInvitations", {
    organizationId: org.id,
    status: "pending",
    limit: pageSize,
  });
  const invite = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const s = useSection();
  const roleId = useId();
  const inviteError = withOrgField(invite.error);
  const defaultRole = roles.includes("member") ? "member" : roles[0];
  return (
    <Card title={ot("invitationsTitle")} testId="gh-organization-invitations">
      {may.invite && (
        <Form
          error={inviteError}
          onSubmit={async (values) => {
            setSentTo(null);
            const email = (values.email ?? "").trim();
            const body = { email, role: values.role ?? "", organizationId: org.id };
            if (await invite.run(() => callClient(client, "organization.inviteMember", body))) {
              setSentTo(email);
              list.reload();
            }
          }}
        >
          <Field label={ot("inviteEmail")} name="email" type="email" autoComplete="off" required error={inviteError} />
          <RoleSelect
            id={roleId}
            roles={roles}
            name="role"
            label={ot("inviteRole")}
            {...(defaultRole ? { defaultValue: defaultRole } : {})}
          />
          {sentTo && <Notice>{ot("invitationSent", { email: sentTo })}</Notice>}
          <Submit pending={invite.pending}>{ot("inviteSubmit")}</Submit>
        </Form>
      )}
      <div className={may.invite ? "gh-section-gap" : undefined}>
        <ActionAlert text={s.error?.text ?? (list.items && list.errorCode ? t("loadFailed") : undefined)} />
        {s.notice && <Notice>{s.notice}</Notice>}
        {list.items === undefined && <p className="gh-muted">{t("loading")}</p>}
        {list.items === null && <LoadFailed onRetry={list.reload} />}
        {list.items?.length === 0 && <p className="gh-muted">{ot("noInvitations")}</p>}
        {list.items && list.items.length > 0 && (
          <ul className="gh-list">
            {list.items.map((i) => (
              <li key={i.id} className="gh-list-item">
                <div className="gh-list-text">
                  <span className="gh-strong">{i.email}</span>
                  <span className="gh-muted gh-small">
                    {ot("invitationExpires", { role: i.role, date: new Date(i.expiresAt).toLocaleString() })}
                  </span>
                </div>
                {s.confirming === i.id ? (
                  <ConfirmRow
                    question={ot("cancelInvitationConfirm", { email: i.email })}
                    confirm={ot("cancelInvitation")}
                    cancelLabel={ot("keepIt")}
                    pending={s.pending}
                    onCancel={() => s.setConfirming(null)}
                    onConfirm={() =>
                      void s.act(
                        () => callClient(client, "organization.cancelInvitation", { invitationId: i.id }),
                        ot("invitationCanceled", { email: i.email }),
                        list.reload,
                      )
                    }
                  />
                ) : (
                  <div className="gh-row-actions">
                    {may.invite && (
                      <button
                        type="button"
                        className="gh-button gh-button-inline"
                        data-variant="secondary"
                        disabled={s.pending}
                        aria-label={ot("resendInvitationTo", { email: i.email })}
                        onClick={() =>
                          void s.act(
                            () =>
                              callClient(client, "organization.inviteMember", {
                                email: i.email,
                                role: i.role,
                                organizationId: org.id,
                                resend: true,
                              }),
                            ot("invitationResent", { email: i.email }),
                            list.reload,
                          )
                        }
                      >
                        {ot("resendInvitation")}
                      </button>
                    )}
                    {may.cancelInvitation && (
                      <button
                        type="button"
                        className="gh-button gh-button-inline"
                        data-variant="secondary"
                        disabled={s.pending}
                        aria-label={ot("cancelInvitationTo", { email: i.email })}
                        onClick={() => {
                          s.setError(null);
                          s.setConfirming(i.id);
                        }}
                      >
                        {ot("cancelInvitation")}
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        <MoreButton shown={list.hasMore} busy={list.loadingMore} onMore={list.loadMore} />
      </div>
    </Card>
  );
}

/** Teams (when the server has them on): create, remove with confirmation, each team's members. */
export function OrganizationTeams({
  org,
  may,
  pageSize,
  directory,
}: {
  org: ActiveOrganization;
  may: May;
  pageSize: number;
  directory: Directory;
}) {
  const { client, t } = useGatehouseUI();
  const ot = useOrgText();
  const list = usePaged<Team>("organization.listTeams", { organizationId: org.id, limit: pageSize });
  const create = useSubmit();
  const s = useSection();
  const [open, setOpen] = useState<string | null>(null);
  const panelId = useId();
  return (
    <Card title={ot("teamsTitle")} testId="gh-organization-teams">
      <ActionAlert text={s.error?.text ?? (list.items && list.errorCode ? t("loadFailed") : undefined)} />
      {s.notice && <Notice>{s.notice}</Notice>}
      {list.items === undefined && <p className="gh-muted">{t("loading")}</p>}
      {list.items === null && <LoadFailed onRetry={list.reload} />}
      {list.items?.length === 0 && <p className="gh-muted">{ot("noTeams")}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="gh-list">
          {list.items.map((team) => (
            <li key={team.id} className="gh-list-item">
              <div className="gh-list-text">
                <span className="gh-strong">{team.name}</span>
              </div>
              {s.confirming === team.id ? (
                <ConfirmRow
                  question={ot("removeTeamConfirm", { name: team.name })}
                  confirm={ot("removeTeam")}
                  pending={s.pending}
                  onCancel={() => s.setConfirming(null)}
                  onConfirm={() =>
                    void s.act(
                      () => callClient(client, "organization.removeTeam", { teamId: team.id, organizationId: org.id }),
                      ot("teamRemoved", { name: team.name }),
                      list.reload,
                    )
                  }
                />
              ) : (
                <div className="gh-row-actions">
                  <button
                    type="button"
                    className="gh-button gh-button-inline"
                    data-variant="secondary"
                    aria-expanded={open === team.id}
                    aria-controls={open === team.id ? `${panelId}-${team.id}` : undefined}
                    aria-label={ot("teamMembersShowOf", { name: team.name })}
                    onClick={() => setOpen(open === team.id ? null : team.id)}
                  >
                    {ot("teamMembersShow")}
                  </button>
                  {may.removeTeam && (
                    <button
                      type="button"
                      className="gh-button gh-button-inline"
                      data-variant="secondary"
                      disabled={s.pending}
                      aria-label={ot("removeTeamOf", { name: team.name })}
                      onClick={() => {
                        s.setError(null);
                        s.setConfirming(team.id);
                      }}
                    >
                      {ot("removeTeam")}
                    </button>
                  )}
                </div>
              )}
              {open === team.id && (
                <div id={`${panelId}-${team.id}`} className="gh-team-panel">
                  <TeamMembers
                    teamId={team.id}
                    teamName={team.name}
                    organizationId={org.id}
                    directory={directory}
                    mayUpdate={may.updateTeam}
                    pageSize={pageSize}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <MoreButton shown={list.hasMore} busy={list.loadingMore} onMore={list.loadMore} />
      {may.createTeam && (
        <Form
          error={create.error}
          onSubmit={async (values) => {
            s.setNotice(null);
            const name = (values.name ?? "").trim();
            if (
              await create.run(() => callClient(client, "organization.createTeam", { name, organizationId: org.id }))
            ) {
              s.setNotice(ot("teamCreated", { name }));
              list.reload();
            }
          }}
        >
          <Field label={ot("teamName")} name="name" required maxLength={100} error={create.error} />
          <Submit pending={create.pending}>{ot("createTeam")}</Submit>
        </Form>
      )}
    </Card>
  );
}
