import { useState } from "react";
import { type AccountMessageKey, useAccountText } from "./account-messages.js";
import { ShowMore, shortDate } from "./account-parts.js";
import { LoadFailed } from "./account-sessions.js";
import { callClient } from "./call-client.js";
import { Card, Notice, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { ActionAlert, ConfirmRow } from "./organization-parts.js";
import { usePaged } from "./use-paged.js";

/** A row of `GET /oauth2/authorized-apps`. */
interface AuthorizedApp {
  clientId: string;
  name: string | null;
  scopes: string[];
  clientUri: string | null;
  createdAt: string;
}

/** The standard scopes said in words; an app's own scopes are shown by name. */
const SCOPE_TEXT: Record<string, AccountMessageKey> = {
  openid: "scope_openid",
  profile: "scope_profile",
  email: "scope_email",
  offline_access: "scope_offline_access",
};

/**
 * The apps the user let use their account (oauth-provider's consents), newest first and paged: what each
 * may do, in words, and since when; revoke one after a confirmation (its consent and every token it
 * holds end at once).
 */
export function AccountAuthorizedApps({ pageSize }: { pageSize: number }) {
  const { client, t } = useGatehouseUI();
  const at = useAccountText();
  const list = usePaged<AuthorizedApp>("oauth2.listAuthorizedApps", { limit: pageSize }, { key: "apps" });
  const row = useSubmit();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const scopeText = (scope: string) => {
    const key = Object.hasOwn(SCOPE_TEXT, scope) ? SCOPE_TEXT[scope] : undefined;
    return key ? at(key) : at("scopeOther", { scope });
  };
  return (
    <Card title={at("authorizedAppsTitle")} subtitle={at("authorizedAppsIntro")} testId="gh-account-authorized-apps">
      <ActionAlert text={row.error?.text ?? (list.items && list.errorCode ? t("loadFailed") : undefined)} />
      {notice && <Notice>{notice}</Notice>}
      {list.items === undefined && <p className="gh-muted">{t("loading")}</p>}
      {list.items === null && <LoadFailed onRetry={list.reload} />}
      {list.items?.length === 0 && <p className="gh-muted">{at("noAuthorizedApps")}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="gh-list">
          {list.items.map((app) => {
            const name = app.name || app.clientId;
            return (
              <li key={app.clientId} className="gh-list-item">
                <div className="gh-list-text">
                  <span className="gh-strong">{name}</span>
                  <span className="gh-muted gh-small">
                    {at("authorizedAppGranted", { date: shortDate(app.createdAt) })}
                  </span>
                  {app.scopes.length > 0 && (
                    <>
                      <span className="gh-small">{at("authorizedAppCan")}</span>
                      <ul className="gh-small gh-scopes">
                        {app.scopes.map((scope) => (
                          <li key={scope}>{scopeText(scope)}</li>
                        ))}
                      </ul>
                    </>
                  )}
                </div>
                {confirming === app.clientId ? (
                  <ConfirmRow
                    question={at("revokeAppConfirm", { name })}
                    confirm={at("revokeApp")}
                    pending={row.pending}
                    onCancel={() => setConfirming(null)}
                    onConfirm={async () => {
                      setNotice(null);
                      const done = await row.run(() =>
                        callClient(client, "oauth2.revokeAuthorizedApp", { clientId: app.clientId }),
                      );
                      setConfirming(null);
                      if (done) setNotice(at("appRevoked", { name }));
                      // Gone (revoked here, or elsewhere: the server's refusal says so), the list follows.
                      list.reload();
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    className="gh-button gh-button-inline"
                    data-variant="secondary"
                    disabled={row.pending}
                    aria-label={at("revokeAppOf", { name })}
                    onClick={() => {
                      row.setError(null);
                      setConfirming(app.clientId);
                    }}
                  >
                    {at("revokeApp")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ShowMore shown={list.hasMore} busy={list.loadingMore} onMore={list.loadMore} />
    </Card>
  );
}
