import { type ReactNode, useState } from "react";
import { ACCOUNT_CSS } from "./account-styles.js";
import { LoadFailed } from "./account-sessions.js";
import { callClient } from "./call-client.js";
import { useCapabilities } from "./capabilities.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import {
  type Member,
  OrganizationInvitations,
  OrganizationMembers,
  OrganizationTeams,
  useMemberList,
} from "./organization-members.js";
import type { Directory } from "./organization-team-members.js";
import { useOrgText } from "./organization-messages.js";
import { ConfirmRow, SLUG_PATTERN, fieldError, withOrgField } from "./organization-parts.js";
import { ORGANIZATION_CSS } from "./organization-styles.js";
import { OrganizationApiKeys } from "./organization-api-keys.js";
import { OrganizationSso } from "./organization-sso.js";
import {
  type ActiveOrganization,
  type OrganizationAction,
  useActiveOrganization,
  usePermissions,
} from "./use-organization.js";

export interface OrganizationSettingsProps {
  /**
   * The roles offered when inviting or changing a member's role: the server's role names (default
   * owner, admin, member). The server refuses any role it lacks or the caller may not grant.
   */
  roles?: readonly string[];
  /** Members, invitations and teams per page (the server caps it at 100). Default 20. */
  pageSize?: number;
  /** Where to go once the caller left or deleted the organization (full page load). Default: stay. */
  afterLeaveUrl?: string;
}

type May = Record<OrganizationAction, boolean>;

/**
 * The active organization's settings, one card per section: profile (name, slug, logo), members,
 * invitations, teams (when the server has them on), leave, single sign-on and API keys (when the server
 * has those plugins and the caller's role may manage them), and delete (offered to whom the server says
 * may). Which controls show follows the server's `has-permission` answers for the caller; the server
 * checks every call again. Renders nothing signed out; says so when no organization is active.
 */
export function OrganizationSettings({
  roles = ["member", "admin", "owner"],
  pageSize = 20,
  afterLeaveUrl,
}: OrganizationSettingsProps) {
  const { client, t } = useGatehouseUI();
  const ot = useOrgText();
  const { data: session } = client.useSession();
  const active = useActiveOrganization();
  const org = active.data;
  const may = usePermissions(org?.id);
  const [gone, setGone] = useState<string | null>(null);
  if (!session) return null;
  const done = (text: string) => {
    setGone(text);
    if (afterLeaveUrl) window.location.assign(afterLeaveUrl);
  };
  let body: ReactNode;
  if (!org) {
    body = (
      <Card title={ot("orgSettingsTitle")} testId="gh-organization-settings-empty">
        {gone && <Notice>{gone}</Notice>}
        {active.isPending ? (
          <p className="gh-muted">{t("loading")}</p>
        ) : active.error ? (
          <LoadFailed onRetry={() => void (active as { refetch?: () => void }).refetch?.()} />
        ) : (
          <p className="gh-muted">{ot("noActiveOrganization")}</p>
        )}
      </Card>
    );
  } else if (!may) {
    body = <Card title={org.name} subtitle={t("loading")} testId="gh-organization-profile" />;
  } else {
    const me = (org as { members?: { userId: string; role: string }[] }).members?.find(
      (m) => m.userId === session.user.id,
    );
    body = (
      // Keyed by the organization: a switch starts every section (forms, confirmations, pages) afresh.
      <OrganizationSections
        key={org.id}
        org={org}
        may={may}
        role={me?.role}
        roles={roles}
        pageSize={pageSize}
        userId={session.user.id}
        onDone={done}
      />
    );
  }
  return (
    <div className="gh-settings" data-testid="gh-organization-settings">
      <style>{ACCOUNT_CSS + ORGANIZATION_CSS}</style>
      {body}
    </div>
  );
}

/**
 * The sections of one organization. The member list is loaded here, once: the members card shows it and
 * the teams read their members' names from it (list-team-members answers user ids only).
 */
function OrganizationSections({
  org,
  may,
  role,
  roles,
  pageSize,
  userId,
  onDone,
}: {
  org: ActiveOrganization;
  may: May;
  role: string | undefined;
  roles: readonly string[];
  pageSize: number;
  userId: string;
  onDone: (text: string) => void;
}) {
  const { client, capabilities } = useGatehouseUI();
  const caps = useCapabilities(client, capabilities);
  const members = useMemberList(org.id, pageSize);
  const directory: Directory = new Map();
  // The full organization's first members (already in the store), then every page the members card loaded.
  for (const m of (org as { members?: Member[] }).members ?? [])
    if (m.user) directory.set(m.userId, { name: m.user.name, email: m.user.email });
  for (const m of members.items ?? []) directory.set(m.userId, { name: m.user.name, email: m.user.email });
  return (
    <div className="gh-settings">
      <OrganizationProfile org={org} may={may} role={role} />
      <OrganizationMembers org={org} may={may} roles={roles} list={members} userId={userId} />
      <OrganizationInvitations org={org} may={may} roles={roles} pageSize={pageSize} />
      {org.teams !== undefined && <OrganizationTeams org={org} may={may} pageSize={pageSize} directory={directory} />}
      <OrganizationLeave org={org} onDone={onDone} />
      {/* Asked only of whom may update the organization (owners and admins, the sso plugin's default
          managers): the connection list then decides, and a refusal renders nothing. */}
      {caps?.plugins.includes("sso") && hasCall(client, "sso.providers") && may.updateOrganization && (
        <OrganizationSso
          organizationId={org.id}
          organizationName={org.name}
          owners={ownersOf(org, members.items)}
          scim={caps.plugins.includes("scim") && hasCall(client, "scim.generateToken")}
        />
      )}
      {/* Asked only of whom may read the organization's keys (`apiKey: read`: owners and admins by default). */}
      {caps?.plugins.includes("api-key") && hasCall(client, "apiKey.list") && may.readApiKeys && (
        <OrganizationApiKeys organizationId={org.id} organizationName={org.name} pageSize={pageSize} />
      )}
      {may.deleteOrganization && <OrganizationDelete org={org} onDone={onDone} />}
    </div>
  );
}

/** Whether the app's client has a call (its client plugin installed): without ssoClient() there is no card. */
const hasCall = (client: object, path: string) =>
  typeof path.split(".").reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], client) ===
  "function";

/** The organization's owners, from its first members and every page the members card loaded. */
function ownersOf(org: ActiveOrganization, loaded: Member[] | null | undefined) {
  const owners = new Map<string, { userId: string; name: string; email: string }>();
  for (const m of [...((org as { members?: Member[] }).members ?? []), ...(loaded ?? [])])
    if (m.user && m.role.split(",").some((r) => r.trim() === "owner"))
      owners.set(m.userId, { userId: m.userId, name: m.user.name, email: m.user.email });
  return [...owners.values()];
}

const isWebAddress = (value: string) => {
  try {
    return ["https:", "http:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Name, slug and logo: a form for whom may update the organization, read-only text for the rest. */
function OrganizationProfile({ org, may, role }: { org: ActiveOrganization; may: May; role: string | undefined }) {
  const { client } = useGatehouseUI();
  const ot = useOrgText();
  const { pending, error, setError, run } = useSubmit();
  const [saved, setSaved] = useState(false);
  const shown = withOrgField(error);
  const logo = org.logo && isWebAddress(org.logo) ? org.logo : null;
  return (
    <Card
      title={ot("orgProfileTitle")}
      subtitle={role ? ot("yourRole", { role }) : undefined}
      testId="gh-organization-profile"
    >
      {logo && <img className="gh-org-logo" src={logo} alt="" />}
      {may.updateOrganization ? (
        <Form
          error={shown}
          onSubmit={async (values) => {
            setSaved(false);
            const name = (values.name ?? "").trim();
            const slug = (values.slug ?? "").trim();
            const logo = (values.logo ?? "").trim();
            if (!SLUG_PATTERN.test(slug)) return setError(fieldError("slug", ot("orgSlugInvalid")));
            if (logo && !isWebAddress(logo)) return setError(fieldError("logo", ot("orgLogoInvalid")));
            const data = { name, slug, logo: logo || null };
            if (await run(() => callClient(client, "organization.update", { organizationId: org.id, data })))
              setSaved(true);
          }}
        >
          <Field label={ot("orgName")} name="name" required maxLength={100} defaultValue={org.name} error={shown} />
          <Field
            label={ot("orgSlug")}
            name="slug"
            required
            maxLength={48}
            hint={ot("orgSlugHint")}
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={org.slug}
            error={shown}
          />
          <Field label={ot("orgLogo")} name="logo" type="url" defaultValue={org.logo ?? ""} error={shown} />
          {saved && <Notice>{ot("orgSaved")}</Notice>}
          <Submit pending={pending}>{ot("saveOrganization")}</Submit>
        </Form>
      ) : (
        <>
          <p className="gh-strong gh-tight">{org.name}</p>
          <p className="gh-muted gh-tight">{org.slug}</p>
        </>
      )}
    </Card>
  );
}

/** Leave, after a confirmation; the only owner's refusal reads as the catalogue's sentence. */
function OrganizationLeave({ org, onDone }: { org: ActiveOrganization; onDone: (text: string) => void }) {
  const { client } = useGatehouseUI();
  const ot = useOrgText();
  const { pending, error, setError, run } = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const name = org.name;
  return (
    <Card title={ot("leaveTitle")} testId="gh-organization-leave">
      <div role="alert" className="gh-alert" data-tone="error">
        {error?.text ?? ""}
      </div>
      <p className="gh-muted">{ot("leaveIntro", { name })}</p>
      {confirming ? (
        <ConfirmRow
          question={ot("leaveConfirm", { name })}
          confirm={ot("leaveSubmit")}
          pending={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            if (await run(() => callClient(client, "organization.leave", { organizationId: org.id })))
              onDone(ot("leftOrganization", { name }));
            else setConfirming(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="gh-button"
          data-variant="secondary"
          onClick={() => {
            setError(null);
            setConfirming(true);
          }}
        >
          {ot("leaveStart", { name })}
        </button>
      )}
    </Card>
  );
}

/** Delete, after typing the organization's name (checked here; the server checks the permission). */
function OrganizationDelete({ org, onDone }: { org: ActiveOrganization; onDone: (text: string) => void }) {
  const { client, t } = useGatehouseUI();
  const ot = useOrgText();
  const { pending, error, setError, run } = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const name = org.name;
  return (
    <Card
      title={confirming ? ot("deleteOrgConfirmTitle", { name }) : ot("deleteOrgTitle")}
      step={confirming ? "confirm" : "start"}
      testId="gh-organization-delete"
    >
      <p className="gh-muted">{ot("deleteOrgIntro", { name })}</p>
      {confirming ? (
        <Form
          error={error}
          onSubmit={async (values) => {
            if ((values.confirm ?? "").trim() !== name.trim())
              return setError(fieldError("confirm", ot("deleteOrgMismatch")));
            if (await run(() => callClient(client, "organization.delete", { organizationId: org.id })))
              onDone(ot("organizationDeleted", { name }));
          }}
        >
          <Field
            label={ot("deleteOrgConfirmLabel", { name })}
            name="confirm"
            required
            autoComplete="off"
            spellCheck={false}
            error={error}
          />
          <Submit pending={pending} variant="danger">
            {ot("deleteOrgSubmit")}
          </Submit>
          <button
            type="button"
            className="gh-button"
            data-variant="secondary"
            disabled={pending}
            onClick={() => {
              setError(null);
              setConfirming(false);
            }}
          >
            {t("cancel")}
          </button>
        </Form>
      ) : (
        <button type="button" className="gh-button" data-variant="danger" onClick={() => setConfirming(true)}>
          {ot("deleteOrgStart", { name })}
        </button>
      )}
    </Card>
  );
}
