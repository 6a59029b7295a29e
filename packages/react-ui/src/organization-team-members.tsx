import { useId, useState } from "react";
import { LoadFailed } from "./account-sessions.js";
import { callClient } from "./call-client.js";
import { Notice, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { useOrgText } from "./organization-messages.js";
import { ActionAlert, ConfirmRow, MoreButton } from "./organization-parts.js";
import { usePaged } from "./use-paged.js";

interface TeamMember {
  id: string;
  userId: string;
}

/** A member's display name and email by user id: the organization's member rows the page already loaded. */
export type Directory = Map<string, { name: string; email: string }>;

/**
 * One team's members, paged. The server answers user ids only: names come from `directory` (the
 * organization's members already on the page), never one request per row; an id not loaded yet reads
 * "A member not listed yet" until "Show more" on the members card brings it. Adding offers the loaded
 * members not in the team; add and remove show to whom the server says may update teams.
 */
export function TeamMembers({
  teamId,
  teamName,
  organizationId,
  directory,
  mayUpdate,
  pageSize,
}: {
  teamId: string;
  teamName: string;
  organizationId: string;
  directory: Directory;
  mayUpdate: boolean;
  pageSize: number;
}) {
  const { client, t } = useGatehouseUI();
  const ot = useOrgText();
  const list = usePaged<TeamMember>("organization.listTeamMembers", { teamId, limit: pageSize });
  const s = useSubmit();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const selectId = useId();
  const nameOf = (userId: string) =>
    directory.get(userId)?.name || directory.get(userId)?.email || ot("teamMemberUnknown");
  const inTeam = new Set((list.items ?? []).map((m) => m.userId));
  const candidates = [...directory].filter(([userId]) => !inTeam.has(userId));
  const act = async (path: string, userId: string, done: string) => {
    setNotice(null);
    if (await s.run(() => callClient(client, path, { teamId, userId, organizationId }))) {
      setConfirming(null);
      setNotice(done);
      list.reload();
    }
  };
  return (
    <div className="gh-team-members" data-testid="gh-team-members">
      <ActionAlert text={s.error?.text ?? (list.items && list.errorCode ? t("loadFailed") : undefined)} />
      {notice && <Notice>{notice}</Notice>}
      {list.items === undefined && <p className="gh-muted">{t("loading")}</p>}
      {list.items === null && <LoadFailed onRetry={list.reload} />}
      {list.items?.length === 0 && <p className="gh-muted">{ot("noTeamMembers")}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="gh-list" aria-label={ot("teamMembersOf", { name: teamName })}>
          {list.items.map((m) => {
            const name = nameOf(m.userId);
            return (
              <li key={m.id} className="gh-list-item">
                <div className="gh-list-text">
                  <span>{name}</span>
                  {directory.get(m.userId)?.email && directory.get(m.userId)?.email !== name && (
                    <span className="gh-muted gh-small">{directory.get(m.userId)?.email}</span>
                  )}
                </div>
                {confirming === m.userId ? (
                  <ConfirmRow
                    question={ot("removeTeamMemberConfirm", { name, team: teamName })}
                    confirm={ot("removeTeamMember")}
                    pending={s.pending}
                    onCancel={() => setConfirming(null)}
                    onConfirm={() =>
                      void act(
                        "organization.removeTeamMember",
                        m.userId,
                        ot("teamMemberRemoved", { name, team: teamName }),
                      )
                    }
                  />
                ) : (
                  mayUpdate && (
                    <button
                      type="button"
                      className="gh-button gh-button-inline"
                      data-variant="secondary"
                      disabled={s.pending}
                      aria-label={ot("removeTeamMemberOf", { name, team: teamName })}
                      onClick={() => {
                        s.setError(null);
                        setConfirming(m.userId);
                      }}
                    >
                      {ot("removeTeamMember")}
                    </button>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
      <MoreButton shown={list.hasMore} busy={list.loadingMore} onMore={list.loadMore} />
      {mayUpdate && list.items && candidates.length > 0 && (
        <form
          className="gh-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            const userId = String(new FormData(event.currentTarget).get("userId") ?? "");
            if (userId)
              void act(
                "organization.addTeamMember",
                userId,
                ot("teamMemberAdded", { name: nameOf(userId), team: teamName }),
              );
          }}
        >
          <div className="gh-field">
            <label className="gh-label" htmlFor={selectId}>
              {ot("addTeamMemberLabel", { team: teamName })}
            </label>
            <select className="gh-select" id={selectId} name="userId" disabled={s.pending}>
              {candidates.map(([userId, u]) => (
                <option key={userId} value={userId}>
                  {u.name || u.email}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className="gh-button gh-button-inline"
            disabled={s.pending}
            aria-busy={s.pending || undefined}
          >
            {s.pending ? t("working") : ot("addTeamMember")}
          </button>
        </form>
      )}
    </div>
  );
}
