import { useState } from "react";
import { callClient } from "./call-client.js";
import { deviceName } from "./device-name.js";
import { Card, Notice, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { useListing } from "./use-listing.js";

interface ListedSession {
  id: string;
  createdAt: string | Date;
  userAgent?: string | null;
  current?: boolean;
}

/** The devices signed in (the client's listSessions), this one marked; sign out one or all others. */
export function AccountSessions() {
  const { client, t } = useGatehouseUI();
  const { items, reload } = useListing<ListedSession>("listSessions");
  const { pending, error, run } = useSubmit();
  const [notice, setNotice] = useState<string | null>(null);
  const act = async (path: string, body: unknown, done: string) => {
    setNotice(null);
    if (await run(() => callClient(client, path, body))) {
      setNotice(done);
      reload();
    }
  };
  const label = (s: ListedSession) => {
    const d = deviceName(s.userAgent);
    return d ? t("deviceOn", d) : t("unknownDevice");
  };
  return (
    <Card title={t("sessionsTitle")} subtitle={t("sessionsIntro")} testId="gh-account-sessions">
      <div role="alert" className="gh-alert" data-tone="error">
        {error?.text ?? ""}
      </div>
      {notice && <Notice>{notice}</Notice>}
      {items === undefined && <p className="gh-muted">{t("loading")}</p>}
      {items === null && <LoadFailed onRetry={reload} />}
      {items && (
        <ul className="gh-list">
          {items.map((s) => (
            <li key={s.id} className="gh-list-item">
              <div className="gh-list-text">
                <span className="gh-strong">{label(s)}</span>
                {s.current && <span className="gh-badge">{t("thisDevice")}</span>}
                <span className="gh-muted gh-small">
                  {t("sessionDetails", { date: new Date(s.createdAt).toLocaleString() })}
                </span>
              </div>
              {!s.current && (
                <button
                  type="button"
                  className="gh-button gh-button-inline"
                  data-variant="secondary"
                  disabled={pending}
                  aria-label={t("revokeSessionOf", { device: label(s) })}
                  onClick={() => void act("revokeSession", { id: s.id }, t("sessionRevoked"))}
                >
                  {t("revokeSession")}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {items?.some((s) => !s.current) && (
        <button
          type="button"
          className="gh-button"
          data-variant="secondary"
          disabled={pending}
          onClick={() => void act("revokeOtherSessions", {}, t("othersRevoked"))}
        >
          {t("revokeOthers")}
        </button>
      )}
    </Card>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useGatehouseUI();
  return (
    <p className="gh-muted">
      {t("loadFailed")}{" "}
      <button type="button" className="gh-link" onClick={onRetry}>
        {t("retry")}
      </button>
    </p>
  );
}
