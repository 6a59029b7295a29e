import { useState } from "react";
import { client } from "../auth-client.js";
import { ActionButton, type ApiError, ErrorNote, Form, Link, OkNote, useLoad } from "../ui.js";

/** A connection as GET /sso/providers answers it (never its secrets). */
type Connection = {
  providerId: string;
  protocol: "saml" | "oidc";
  issuer: string;
  domain: string;
  domainVerified: boolean;
  enforceSSO: boolean;
  breakGlassUserIds: string[];
  disabled: boolean;
  samlConfig?: Record<string, unknown>;
  redirectURI?: string;
};

type Owner = { userId: string; name: string; email: string };

/** Where the plugins' routes live, as the identity provider's administrator must type them. */
const apiRoot = () => `${location.origin}/api/auth`;

/** A SAML connection's SP metadata URL; also its default SP entity id (the audience the IdP is given). */
const spMetadataUrl = (providerId: string) =>
  `${apiRoot()}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(providerId)}`;

/**
 * The TXT record that proves a domain (the sso plugin's default prefix `gatehouse-sso`; an app that sets
 * `domainVerification.tokenPrefix` shows its own here).
 */
const recordName = (c: Connection) => `_gatehouse-sso-${c.providerId}.${c.domain}`;

/**
 * Organization → Single sign-on, for the active organization's owners and admins: SAML and OIDC
 * connections, the URLs the identity provider needs, domain verification, SSO enforcement with
 * break-glass owners, and SCIM tokens. Other members see why there is nothing here (the API refuses them
 * too: this page only spares them the error).
 */
export function SingleSignOn() {
  const active = client.useActiveOrganization();
  const { data: session } = client.useSession();
  const org = active.data;
  if (active.isPending) return <p className="muted">Loading…</p>;
  if (!org)
    return (
      <section>
        <h1>Single sign-on</h1>
        <p>
          Choose an active organization on the <Link to="/organizations">Organizations</Link> page first.
        </p>
      </section>
    );
  const roles = org.members.find((m) => m.user.email === session?.user.email)?.role.split(",") ?? [];
  if (!roles.includes("owner") && !roles.includes("admin"))
    return (
      <section>
        <h1>Single sign-on</h1>
        <p data-testid="sso-not-allowed">Only the owners and admins of {org.name} manage its single sign-on.</p>
      </section>
    );
  const owners: Owner[] = org.members
    .filter((m) => m.role.split(",").includes("owner"))
    .map((m) => ({ userId: m.userId, name: m.user.name, email: m.user.email }));
  return <Connections organizationId={org.id} orgName={org.name} owners={owners} />;
}

function Connections({
  organizationId,
  orgName,
  owners,
}: {
  organizationId: string;
  orgName: string;
  owners: Owner[];
}) {
  const [error, setError] = useState<ApiError>(null);
  // A connection list is at most 100 per page (the route's bound); "More" reads the next by cursor.
  const [more, setMore] = useState<{ rows: Connection[]; cursor: string | null }>({ rows: [], cursor: null });
  const first = useLoad(() => client.sso.providers({ organizationId }), [organizationId]);
  const rows = [...((first.data?.providers ?? []) as Connection[]), ...more.rows];
  const cursor = more.cursor ?? first.data?.nextCursor ?? null;
  const reload = async () => {
    setMore({ rows: [], cursor: null });
    await first.reload();
  };
  return (
    <section>
      <h1>Single sign-on</h1>
      <p className="muted">
        How the people of {orgName} sign in with their company's identity provider (SAML 2.0 or OpenID Connect), and how
        it provisions them (SCIM).
      </p>
      <ErrorNote error={error ?? first.error} />
      {!first.loading && !rows.length && <p className="muted">No connection yet.</p>}
      {rows.map((c) => (
        <ConnectionCard key={c.providerId} c={c} owners={owners} organizationId={organizationId} onChange={reload} />
      ))}
      {cursor && (
        <ActionButton
          onClick={async () => {
            const r = await client.sso.providers({ organizationId, cursor });
            setError(r.error);
            setMore((m) => ({
              rows: [...m.rows, ...((r.data?.providers ?? []) as Connection[])],
              cursor: r.data?.nextCursor ?? "",
            }));
          }}
        >
          More connections
        </ActionButton>
      )}
      <NewConnection organizationId={organizationId} onCreated={reload} />
    </section>
  );
}

/** The form for a SAML connection (the IdP's metadata XML) or an OIDC one (issuer, client id and secret). */
function NewConnection({ organizationId, onCreated }: { organizationId: string; onCreated: () => Promise<void> }) {
  const [protocol, setProtocol] = useState<"oidc" | "saml">("oidc");
  const [error, setError] = useState<ApiError>(null);
  const [note, setNote] = useState<string | null>(null);
  return (
    <Form
      className="card"
      onSubmit={async (v, form) => {
        setNote(null);
        const common = {
          providerId: v.providerId ?? "",
          domain: v.domain ?? "",
          // OIDC: the provider's issuer. SAML: this app's SP entity id, by default its metadata URL.
          issuer: v.issuer || (protocol === "saml" ? spMetadataUrl(v.providerId ?? "") : ""),
          organizationId,
        };
        const r =
          protocol === "oidc"
            ? await client.sso.register({
                ...common,
                oidcConfig: { clientId: v.clientId ?? "", clientSecret: v.clientSecret ?? "" },
              })
            : await client.sso.register({ ...common, samlConfig: { idpMetadata: { metadata: v.metadata ?? "" } } });
        setError(r.error);
        if (r.error) return;
        form.reset();
        setNote(`Connection ${common.providerId} created. Verify its domain to turn it on.`);
        await onCreated();
      }}
    >
      <h2>New connection</h2>
      <OkNote note={note} />
      <ErrorNote error={error} />
      <fieldset>
        <legend>Protocol</legend>
        {(["oidc", "saml"] as const).map((p) => (
          <label key={p} className="check">
            <input type="radio" name="protocol" value={p} checked={protocol === p} onChange={() => setProtocol(p)} />
            {p === "oidc" ? "OpenID Connect" : "SAML 2.0"}
          </label>
        ))}
      </fieldset>
      <label>
        Connection id <input name="providerId" required maxLength={32} pattern="[A-Za-z0-9_\-]+" placeholder="okta" />
      </label>
      <label>
        Email domain <input name="domain" required placeholder="acme.com" />
      </label>
      {protocol === "oidc" ? (
        <label>
          Issuer URL <input name="issuer" required key="oidc-issuer" />
        </label>
      ) : (
        <label>
          SP entity id (optional: the SP metadata URL by default) <input name="issuer" key="saml-issuer" />
        </label>
      )}
      {protocol === "oidc" ? (
        <>
          <label>
            Client id <input name="clientId" required autoComplete="off" />
          </label>
          <label>
            Client secret <input name="clientSecret" type="password" required autoComplete="off" />
          </label>
        </>
      ) : (
        <label>
          IdP metadata XML <textarea name="metadata" required rows={6} />
        </label>
      )}
      <button type="submit">Create connection</button>
    </Form>
  );
}

/** One connection: its URLs, domain verification, enforcement, break-glass owners, SCIM token, and removal. */
function ConnectionCard({
  c,
  owners,
  organizationId,
  onChange,
}: {
  c: Connection;
  owners: Owner[];
  organizationId: string;
  onChange: () => Promise<void>;
}) {
  const [error, setError] = useState<ApiError>(null);
  const [note, setNote] = useState<string | null>(null);
  const update = async (
    change: { disabled?: boolean; enforceSSO?: boolean; breakGlassUserIds?: string[] },
    done: string,
  ) => {
    setNote(null);
    const r = await client.sso.updateProvider({ providerId: c.providerId, ...change });
    setError(r.error);
    if (r.error) return;
    setNote(done);
    await onChange();
  };
  const urls: [string, string][] =
    c.protocol === "saml"
      ? [
          ["SP metadata URL", spMetadataUrl(c.providerId)],
          ["SP entity id", c.issuer],
          ["ACS URL", String(c.samlConfig?.callbackUrl ?? "")],
        ]
      : [["Redirect URI", c.redirectURI ?? ""]];
  return (
    <article className="card" data-testid="sso-connection" aria-labelledby={`sso-${c.providerId}`}>
      <h2 id={`sso-${c.providerId}`}>
        {c.providerId} <span className="muted">· {c.protocol === "saml" ? "SAML 2.0" : "OpenID Connect"}</span>
      </h2>
      <p>
        @{c.domain} ·{" "}
        <span data-testid="domain-state" className={c.domainVerified ? "ok" : "warn"}>
          {c.domainVerified ? "domain verified" : "domain not verified"}
        </span>{" "}
        · <span data-testid="connection-state">{c.disabled ? "disabled" : "enabled"}</span>
        {c.enforceSSO && <span data-testid="enforced"> · SSO required</span>}
      </p>
      <OkNote note={note} />
      <ErrorNote error={error} />
      <h3>For the identity provider</h3>
      {urls.map(([label, value]) => (
        <CopyField key={label} label={label} value={value} />
      ))}
      {!c.domainVerified && <DomainVerification c={c} onVerified={onChange} />}
      <h3>Enforcement</h3>
      <label className="check">
        <input
          type="checkbox"
          checked={c.enforceSSO}
          disabled={!c.domainVerified}
          onChange={(e) =>
            update(
              { enforceSSO: e.target.checked },
              e.target.checked
                ? `@${c.domain} addresses must now sign in with ${c.providerId}.`
                : "SSO no longer required.",
            )
          }
        />
        Require single sign-on for @{c.domain} addresses
      </label>
      {!c.domainVerified && <p className="muted">Verify the domain first.</p>}
      <BreakGlass
        c={c}
        owners={owners}
        save={(ids) => update({ breakGlassUserIds: ids }, "Break-glass owners saved.")}
      />
      <ScimToken providerId={c.providerId} organizationId={organizationId} />
      <div className="actions">
        <ActionButton
          onClick={() => update({ disabled: !c.disabled }, c.disabled ? "Connection enabled." : "Connection disabled.")}
        >
          {c.disabled ? "Enable" : "Disable"}
        </ActionButton>
        <ActionButton
          className="danger"
          confirm={`Delete the connection ${c.providerId}? Its members can no longer sign in with it.`}
          onClick={async () => {
            const r = await client.sso.deleteProvider({ providerId: c.providerId });
            setError(r.error);
            if (!r.error) await onChange();
          }}
        >
          Delete {c.providerId}
        </ActionButton>
      </div>
    </article>
  );
}

/** The TXT record to publish, and the button that looks it up. */
function DomainVerification({ c, onVerified }: { c: Connection; onVerified: () => Promise<void> }) {
  const token = useLoad(() => client.sso.requestDomainVerification({ providerId: c.providerId }), [c.providerId]);
  const [error, setError] = useState<ApiError>(null);
  return (
    <div data-testid="domain-verification">
      <h3>Domain verification</h3>
      <p className="muted">
        Publish this TXT record in the DNS of {c.domain}, then verify. Until then the connection signs nobody in.
      </p>
      <ErrorNote error={error ?? token.error} />
      <CopyField label="TXT record name" value={recordName(c)} />
      {token.data && <CopyField label="TXT record value" value={token.data.domainVerificationToken} />}
      <ActionButton
        onClick={async () => {
          const r = await client.sso.verifyDomain({ providerId: c.providerId });
          setError(r.error);
          if (!r.error) await onVerified();
        }}
      >
        Verify {c.domain}
      </ActionButton>
    </div>
  );
}

/** Owners who may still sign in with a password while SSO is required (for an outage of the IdP). */
function BreakGlass({ c, owners, save }: { c: Connection; owners: Owner[]; save: (ids: string[]) => Promise<void> }) {
  return (
    <Form onSubmit={(v) => save(owners.filter((o) => v[`owner-${o.userId}`] === "on").map((o) => o.userId))}>
      <fieldset>
        <legend>Break-glass owners (may sign in without SSO)</legend>
        {owners.map((o) => (
          <label key={o.userId} className="check">
            <input type="checkbox" name={`owner-${o.userId}`} defaultChecked={c.breakGlassUserIds.includes(o.userId)} />
            {o.name} <span className="muted">{o.email}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit">Save break-glass owners</button>
    </Form>
  );
}

/** Generates (or rotates) the connection's SCIM token; it is shown once, here, and never again. */
function ScimToken({ providerId, organizationId }: { providerId: string; organizationId: string }) {
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<ApiError>(null);
  return (
    <div>
      <h3>Provisioning (SCIM)</h3>
      <CopyField label="SCIM base URL" value={`${apiRoot()}/scim/v2`} />
      <ErrorNote error={error} />
      {token && (
        <>
          <CopyField label="SCIM token" value={token} />
          <p className="warn" role="status">
            Copy it now: it is not shown again. Any earlier token of this connection no longer works.
          </p>
        </>
      )}
      <ActionButton
        confirm={`A new SCIM token for ${providerId} replaces the one your identity provider has now. Continue?`}
        onClick={async () => {
          const r = await client.scim.generateToken({ organizationId, providerId });
          setError(r.error);
          setToken(r.data?.scimToken ?? null);
        }}
      >
        {token ? "Rotate SCIM token" : "Generate SCIM token"}
      </ActionButton>
    </div>
  );
}

/** A read-only value with a copy button (the clipboard may be refused: the field stays selectable). */
function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="copy-field">
      <label>
        {label} <input readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <button
        type="button"
        aria-label={`Copy ${label}`}
        onClick={() =>
          navigator.clipboard.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        Copy
      </button>
      <span role="status" className="muted">
        {copied === true ? "Copied" : copied === false ? "Select the field and copy it" : ""}
      </span>
    </div>
  );
}
