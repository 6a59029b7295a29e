import { useEffect, useState } from "react";
import { callClient } from "./call-client.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { ActionAlert } from "./organization-parts.js";
import { useSsoText } from "./sso-messages.js";
import { CopyField, type SsoConnection, useSsoSubmit } from "./sso-parts.js";

/**
 * The TXT record that proves the domain and the Verify button. A record not found (422) and DNS that did
 * not answer (503) read as different sentences: the first asks to check the record, the second to retry.
 */
export function SsoDomainVerification({ c, onVerified }: { c: SsoConnection; onVerified: (text: string) => void }) {
  const st = useSsoText();
  const { client, t } = useGatehouseUI();
  const load = useSsoSubmit();
  const verify = useSsoSubmit();
  const [token, setToken] = useState<string | null>(null);
  const { run: loadRun } = load;
  useEffect(() => {
    let live = true;
    void loadRun(() =>
      callClient<{ domainVerificationToken: string }>(client, "sso.requestDomainVerification", {
        providerId: c.providerId,
      }),
    ).then((r) => live && setToken(r?.domainVerificationToken ?? null));
    return () => {
      live = false;
    };
  }, [client, c.providerId, loadRun]);
  return (
    <div className="gh-team-members" data-testid="gh-sso-domain-verification">
      <h4>{st("ssoVerifyTitle")}</h4>
      <p className="gh-muted gh-tight">{st("ssoVerifyIntro", { domain: c.domain })}</p>
      <ActionAlert text={verify.error?.text ?? load.error?.text} />
      {/* The plugin's default prefix; an app that sets domainVerification.tokenPrefix overrides this string. */}
      <CopyField label={st("ssoTxtName")} value={`_gatehouse-sso-${c.providerId}.${c.domain}`} />
      {token ? (
        <CopyField label={st("ssoTxtValue")} value={token} />
      ) : (
        !load.error && <p className="gh-muted gh-tight">{t("loading")}</p>
      )}
      <div className="gh-row-actions">
        <button
          type="button"
          className="gh-button gh-button-inline"
          disabled={verify.pending}
          aria-busy={verify.pending || undefined}
          onClick={async () => {
            if (await verify.run(() => callClient(client, "sso.verifyDomain", { providerId: c.providerId })))
              onVerified(st("ssoVerified", { domain: c.domain }));
          }}
        >
          {verify.pending ? t("working") : st("ssoVerify", { domain: c.domain })}
        </button>
      </div>
    </div>
  );
}
