import { useState } from "react";
import { LoadFailed } from "./account-sessions.js";
import { callClient } from "./call-client.js";
import { Card, Notice, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { useStepUp } from "./step-up.js";

export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
}

/**
 * The ways to sign in (the client's listAccounts): remove one (the server refuses the last), link a
 * social provider the server has and the user has not linked yet.
 */
export function AccountLinked({
  providers,
  items,
  reload,
}: {
  providers: { id: string; name: string }[];
  items: LinkedAccount[] | null | undefined;
  reload: () => void;
}) {
  const { client, t } = useGatehouseUI();
  const { pending, error, run } = useSubmit();
  const { guard, prompt } = useStepUp();
  const [notice, setNotice] = useState<string | null>(null);
  const nameOf = (providerId: string) =>
    providerId === "credential"
      ? t("accountPassword")
      : (providers.find((p) => p.id === providerId)?.name ?? providerId);
  const here = typeof location === "undefined" ? "/" : location.pathname + location.search;
  const linkable = items ? providers.filter((p) => !items.some((a) => a.providerId === p.id)) : [];
  return (
    <Card title={t("accountsTitle")} testId="gh-account-linked">
      <div role="alert" className="gh-alert" data-tone="error">
        {error?.text ?? ""}
      </div>
      {notice && <Notice>{notice}</Notice>}
      {prompt}
      {items === undefined && <p className="gh-muted">{t("loading")}</p>}
      {items === null && <LoadFailed onRetry={reload} />}
      {items && (
        <ul className="gh-list">
          {items.map((a) => (
            <li key={a.id} className="gh-list-item">
              <span className="gh-strong gh-list-text">{nameOf(a.providerId)}</span>
              <button
                type="button"
                className="gh-button gh-button-inline"
                data-variant="secondary"
                disabled={pending}
                aria-label={t("unlinkProvider", { provider: nameOf(a.providerId) })}
                onClick={async () => {
                  setNotice(null);
                  const body = { providerId: a.providerId, accountId: a.accountId };
                  if (await run(() => guard(() => callClient(client, "unlinkAccount", body)))) {
                    setNotice(t("accountUnlinked", { provider: nameOf(a.providerId) }));
                    reload();
                  }
                }}
              >
                {t("unlink")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {linkable.length > 0 && (
        <div className="gh-stack">
          {linkable.map((p) => (
            <button
              key={p.id}
              type="button"
              className="gh-button"
              data-variant="secondary"
              disabled={pending}
              // The client follows the provider's URL; the callback brings the user back here.
              onClick={() =>
                void run(() =>
                  callClient(client, "linkSocial", { provider: p.id, callbackURL: here, errorCallbackURL: here }),
                )
              }
            >
              {t("linkProvider", { provider: p.name })}
            </button>
          ))}
        </div>
      )}
    </Card>
  );
}
