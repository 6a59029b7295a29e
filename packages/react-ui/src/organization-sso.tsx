import { useId, useState } from "react";
import { LoadFailed } from "./account-sessions.js";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { MoreButton, fieldError } from "./organization-parts.js";
import { SsoConnectionItem } from "./sso-connection.js";
import { useSsoText } from "./sso-messages.js";
import { SSO_CSS, type SsoConnection, type SsoOwner, apiRootOf, useSsoSubmit } from "./sso-parts.js";
import { usePaged } from "./use-paged.js";

/** A connection id as the routes take it (it names the ACS and callback paths and the TXT record). */
const PROVIDER_ID = /^[A-Za-z0-9_-]{1,32}$/;
/** A DNS name of two labels or more: what the TXT record is published under. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * The "Single sign-on" card of `<OrganizationSettings>`, shown when the server has the sso plugin (its
 * code and strings are their own modules: `<SignIn>` alone never ships them). Whether it shows is the
 * server's answer: the connection list (owners and admins, or the plugin's `managerRoles`); a refusal
 * renders nothing, and every call below is checked again there.
 */
export function OrganizationSso({
  organizationId,
  organizationName,
  owners,
  scim,
}: {
  organizationId: string;
  organizationName: string;
  owners: SsoOwner[];
  /** The server has the scim plugin: each connection offers a SCIM token. */
  scim: boolean;
}) {
  const st = useSsoText();
  const { t } = useGatehouseUI();
  const list = usePaged<SsoConnection>("sso.providers", { organizationId }, { key: "providers" });
  const [note, setNote] = useState<string | null>(null);
  // A connection added or deleted: its form was reset or its row is gone, so focus moves to the card's
  // heading (not left on the page's body); smaller changes keep focus where it is.
  const [moved, setMoved] = useState(0);
  // Not a manager: the card is not theirs (the routes refuse them anyway).
  if (list.errorCode === "NOT_ALLOWED_TO_MANAGE_PROVIDERS" && !list.items) return null;
  const changed = (text: string, refocus = false) => {
    setNote(text);
    if (refocus) setMoved((n) => n + 1);
    list.reload();
  };
  return (
    <Card title={st("ssoTitle")} step={String(moved)} testId="gh-organization-sso">
      <style>{SSO_CSS}</style>
      <p className="gh-muted">{st("ssoIntro", { name: organizationName })}</p>
      {note && <Notice>{note}</Notice>}
      {list.items === undefined && <p className="gh-muted">{t("loading")}</p>}
      {list.items === null && <LoadFailed onRetry={list.reload} />}
      {list.items?.length === 0 && <p className="gh-muted">{st("ssoNoConnections")}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="gh-list">
          {list.items.map((c) => (
            <SsoConnectionItem
              key={c.providerId}
              c={c}
              owners={owners}
              organizationId={organizationId}
              scim={scim}
              onChange={changed}
            />
          ))}
        </ul>
      )}
      <MoreButton shown={list.hasMore} busy={list.loadingMore} onMore={list.loadMore} />
      <NewConnection
        organizationId={organizationId}
        apiRoot={list.items?.[0] ? apiRootOf(list.items[0]) : ""}
        onCreated={(text) => changed(text, true)}
      />
    </Card>
  );
}

/** Adds a SAML connection (the IdP's metadata XML) or an OIDC one (issuer, client id and secret). */
function NewConnection({
  organizationId,
  apiRoot,
  onCreated,
}: {
  organizationId: string;
  /** The auth API's root as the server spells it (from a listed connection), or "" for none yet. */
  apiRoot: string;
  onCreated: (text: string) => void;
}) {
  const st = useSsoText();
  const { client } = useGatehouseUI();
  const { pending, error, setError, run } = useSsoSubmit();
  const [protocol, setProtocol] = useState<"oidc" | "saml">("saml");
  const [round, setRound] = useState(0);
  const metadataId = useId();
  const mine = error?.field === "metadata" ? error : null;
  return (
    <div className="gh-section-gap" data-testid="gh-sso-new">
      <h3 className="gh-tight">{st("ssoNewTitle")}</h3>
      <Form
        key={round}
        error={error}
        onSubmit={async (v) => {
          const providerId = (v.providerId ?? "").trim();
          const domain = (v.domain ?? "").trim().toLowerCase();
          if (!PROVIDER_ID.test(providerId)) return setError(fieldError("providerId", st("ssoProviderIdInvalid")));
          if (!DOMAIN.test(domain)) return setError(fieldError("domain", st("ssoDomainInvalid")));
          let body: Record<string, unknown>;
          if (protocol === "oidc") {
            const issuer = (v.issuer ?? "").trim();
            if (!/^https?:\/\/\S+$/.test(issuer)) return setError(fieldError("issuer", st("ssoIssuerInvalid")));
            const oidcConfig = { clientId: (v.clientId ?? "").trim(), clientSecret: v.clientSecret ?? "" };
            body = { providerId, domain, organizationId, issuer, oidcConfig };
          } else {
            // This app's SP entity id (the audience the IdP is given): by default its SP metadata URL, under
            // the API root a listed connection shows, else the client's default (this origin's /api/auth).
            const root = apiRoot || `${window.location.origin}/api/auth`;
            const issuer =
              (v.issuer ?? "").trim() || `${root}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(providerId)}`;
            const samlConfig = { idpMetadata: { metadata: v.metadata ?? "" } };
            body = { providerId, domain, organizationId, issuer, samlConfig };
          }
          if (await run(() => callClient(client, "sso.register", body))) {
            setRound((n) => n + 1);
            onCreated(st("ssoCreated", { id: providerId }));
          }
        }}
      >
        <fieldset className="gh-radios">
          <legend>{st("ssoProtocol")}</legend>
          {(["saml", "oidc"] as const).map((p) => (
            <label key={p} className="gh-check">
              <input type="radio" name="protocol" value={p} checked={protocol === p} onChange={() => setProtocol(p)} />
              {p === "saml" ? st("ssoProtocolSaml") : st("ssoProtocolOidc")}
            </label>
          ))}
        </fieldset>
        <Field
          label={st("ssoProviderId")}
          name="providerId"
          required
          maxLength={32}
          hint={st("ssoProviderIdHint")}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          error={error}
        />
        <Field
          label={st("ssoDomain")}
          name="domain"
          required
          maxLength={253}
          hint={st("ssoDomainHint")}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          error={error}
        />
        {protocol === "oidc" ? (
          <>
            <Field key="issuer" label={st("ssoIssuer")} name="issuer" type="url" required error={error} />
            <Field label={st("ssoClientId")} name="clientId" required autoComplete="off" error={error} />
            <Field
              label={st("ssoClientSecret")}
              name="clientSecret"
              type="password"
              required
              autoComplete="off"
              error={error}
            />
          </>
        ) : (
          <>
            <Field
              key="entity"
              label={st("ssoSpEntityIdOptional")}
              name="issuer"
              hint={st("ssoSpEntityIdHint")}
              autoComplete="off"
              spellCheck={false}
              error={error}
            />
            <div className="gh-field">
              <label className="gh-label" htmlFor={metadataId}>
                {st("ssoMetadata")}
              </label>
              <textarea
                className="gh-textarea"
                id={metadataId}
                name="metadata"
                required
                rows={6}
                spellCheck={false}
                aria-describedby={`${metadataId}-hint${mine ? ` ${metadataId}-error` : ""}`}
                aria-invalid={mine ? true : undefined}
              />
              <p className="gh-hint" id={`${metadataId}-hint`}>
                {st("ssoMetadataHint")}
              </p>
              {mine && (
                <p className="gh-field-error" id={`${metadataId}-error`}>
                  {mine.text}
                </p>
              )}
            </div>
          </>
        )}
        <Submit pending={pending}>{st("ssoCreate")}</Submit>
      </Form>
    </div>
  );
}
