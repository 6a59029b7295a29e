import { useEffect, useState } from "react";
import { callClient } from "./call-client.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { ActionAlert, ConfirmRow } from "./organization-parts.js";
import { SsoDomainVerification } from "./sso-domain-verification.js";
import { useSsoText } from "./sso-messages.js";
import { CopyField, type SsoConnection, type SsoOwner, apiRootOf, spMetadataUrl, useSsoSubmit } from "./sso-parts.js";
import { SsoScimToken } from "./sso-scim-token.js";

/**
 * One connection: its state, the URLs its identity provider needs, domain verification, enforcement
 * with break-glass owners, its SCIM token, and disable / delete (each asks first).
 */
export function SsoConnectionItem({
  c,
  owners,
  organizationId,
  scim,
  onChange,
}: {
  c: SsoConnection;
  owners: SsoOwner[];
  organizationId: string;
  scim: boolean;
  /** `refocus`: the row is gone (deleted), so focus moves to the card's heading. */
  onChange: (text: string, refocus?: boolean) => void;
}) {
  const st = useSsoText();
  const { client } = useGatehouseUI();
  const { pending, error, run } = useSsoSubmit();
  const [confirming, setConfirming] = useState<"disable" | "delete" | null>(null);
  const id = c.providerId;
  const headingId = `gh-sso-${id}`;
  // The checkbox follows the click at once (then the server's answer: a refusal puts it back).
  const [enforced, setEnforced] = useState(c.enforceSSO);
  useEffect(() => setEnforced(c.enforceSSO), [c.enforceSSO]);
  const update = async (change: Record<string, unknown>, done: string) => {
    const ok = await run(() => callClient(client, "sso.updateProvider", { providerId: id, ...change }));
    if (ok) onChange(done);
    setConfirming(null);
    return ok !== null;
  };
  const urls: [string, string][] =
    c.protocol === "saml"
      ? [
          [st("ssoSpMetadataUrl"), spMetadataUrl(c)],
          [st("ssoSpEntityId"), c.issuer],
          [st("ssoAcsUrl"), c.samlConfig?.callbackUrl ?? ""],
        ]
      : [[st("ssoRedirectUri"), c.redirectURI ?? ""]];
  return (
    <li className="gh-sso-connection" aria-labelledby={headingId} data-testid="gh-sso-connection">
      <h3 id={headingId}>
        {id} · {c.protocol === "saml" ? st("ssoProtocolSaml") : st("ssoProtocolOidc")}
      </h3>
      <div className="gh-badges">
        <span className="gh-badge" data-tone="muted">
          @{c.domain}
        </span>
        <span className="gh-badge" data-tone={c.domainVerified ? undefined : "warn"} data-testid="gh-sso-domain-state">
          {c.domainVerified ? st("ssoDomainVerified") : st("ssoDomainNotVerified")}
        </span>
        {c.disabled && (
          <span className="gh-badge" data-tone="warn">
            {st("ssoDisabled")}
          </span>
        )}
        {c.enforceSSO && <span className="gh-badge">{st("ssoEnforced")}</span>}
      </div>
      <ActionAlert text={error?.text} />
      <h4>{st("ssoForIdp")}</h4>
      {urls.map(([label, value]) => (
        <CopyField key={label} label={label} value={value} />
      ))}
      {!c.domainVerified && <SsoDomainVerification c={c} onVerified={onChange} />}
      <h4>{st("ssoEnforceTitle")}</h4>
      <label className="gh-check">
        <input
          type="checkbox"
          checked={enforced}
          disabled={!c.domainVerified || pending}
          aria-describedby={c.domainVerified ? undefined : `${headingId}-enforce`}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setEnforced(on);
            void update(
              { enforceSSO: on },
              on ? st("ssoEnforceOn", { domain: c.domain, id }) : st("ssoEnforceOff", { domain: c.domain }),
            ).then((ok) => ok || setEnforced(!on));
          }}
        />
        {st("ssoEnforce", { domain: c.domain })}
      </label>
      {!c.domainVerified && (
        <p className="gh-muted gh-tight" id={`${headingId}-enforce`}>
          {st("ssoEnforceFirst")}
        </p>
      )}
      <BreakGlass
        key={c.breakGlassUserIds.join(",")}
        c={c}
        owners={owners}
        pending={pending}
        save={(ids) => update({ breakGlassUserIds: ids }, st("ssoBreakGlassSaved"))}
      />
      {scim && <SsoScimToken providerId={id} organizationId={organizationId} apiRoot={apiRootOf(c)} />}
      {confirming ? (
        <ConfirmRow
          question={confirming === "delete" ? st("ssoDeleteConfirm", { id }) : st("ssoDisableConfirm", { id })}
          confirm={confirming === "delete" ? st("ssoDelete", { id }) : st("ssoDisable", { id })}
          pending={pending}
          onCancel={() => setConfirming(null)}
          onConfirm={async () => {
            if (confirming === "disable") return update({ disabled: true }, st("ssoDisabledDone", { id }));
            if (await run(() => callClient(client, "sso.deleteProvider", { providerId: id })))
              onChange(st("ssoDeleted", { id }), true);
            setConfirming(null);
          }}
        />
      ) : (
        <div className="gh-row-actions">
          <button
            type="button"
            className="gh-button gh-button-inline"
            data-variant="secondary"
            disabled={pending}
            onClick={() =>
              c.disabled ? void update({ disabled: false }, st("ssoEnabledDone", { id })) : setConfirming("disable")
            }
          >
            {c.disabled ? st("ssoEnable", { id }) : st("ssoDisable", { id })}
          </button>
          <button
            type="button"
            className="gh-button gh-button-inline"
            data-variant="danger"
            disabled={pending}
            onClick={() => setConfirming("delete")}
          >
            {st("ssoDelete", { id })}
          </button>
        </div>
      )}
    </li>
  );
}

/** The organization's owners as checkboxes: who keeps their other ways in while SSO is required. */
function BreakGlass({
  c,
  owners,
  pending,
  save,
}: {
  c: SsoConnection;
  owners: SsoOwner[];
  pending: boolean;
  save: (ids: string[]) => Promise<boolean>;
}) {
  const st = useSsoText();
  const [chosen, setChosen] = useState(() => new Set(c.breakGlassUserIds));
  useEffect(() => setChosen(new Set(c.breakGlassUserIds)), [c.breakGlassUserIds]);
  return (
    <fieldset className="gh-radios">
      <legend>{st("ssoBreakGlass")}</legend>
      {owners.length === 0 && <p className="gh-muted gh-tight">{st("ssoNoOwners")}</p>}
      {owners.map((o) => (
        <label key={o.userId} className="gh-check">
          <input
            type="checkbox"
            checked={chosen.has(o.userId)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.currentTarget.checked) next.add(o.userId);
              else next.delete(o.userId);
              setChosen(next);
            }}
          />
          {o.name} ({o.email})
        </label>
      ))}
      {owners.length > 0 && (
        <button
          type="button"
          className="gh-button gh-button-inline"
          data-variant="secondary"
          disabled={pending}
          onClick={() => void save(owners.filter((o) => chosen.has(o.userId)).map((o) => o.userId))}
        >
          {st("ssoBreakGlassSave")}
        </button>
      )}
    </fieldset>
  );
}
