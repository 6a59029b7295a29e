import { useState } from "react";
import { callClient } from "./call-client.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { ActionAlert, ConfirmRow } from "./organization-parts.js";
import { useSsoText } from "./sso-messages.js";
import { CopyField, useSsoSubmit } from "./sso-parts.js";

/**
 * The connection's SCIM token (scim plugin): generated, or rotated after a confirmation (the identity
 * provider's copy stops working). Shown once, here, and never again: only its hash is stored.
 */
export function SsoScimToken({
  providerId,
  organizationId,
  apiRoot,
}: {
  providerId: string;
  organizationId: string;
  apiRoot: string;
}) {
  const st = useSsoText();
  const { client, t } = useGatehouseUI();
  const { pending, error, run } = useSsoSubmit();
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const generate = async () => {
    const r = await run(() =>
      callClient<{ scimToken: string }>(client, "scim.generateToken", { organizationId, providerId }),
    );
    setConfirming(false);
    if (r?.scimToken) setToken(r.scimToken);
  };
  return (
    <div className="gh-team-members" data-testid="gh-sso-scim">
      <h4>{st("scimTitle")}</h4>
      {apiRoot && <CopyField label={st("scimBaseUrl")} value={`${apiRoot}/scim/v2`} />}
      <ActionAlert text={error?.text} />
      {token && (
        <>
          <CopyField label={st("scimToken")} value={token} testId="gh-sso-scim-token" />
          <p className="gh-alert" data-tone="success" role="status">
            {st("scimShownOnce")}
          </p>
        </>
      )}
      {confirming ? (
        <ConfirmRow
          question={st("scimRotateConfirm", { id: providerId })}
          confirm={st("scimRotate")}
          pending={pending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void generate()}
        />
      ) : (
        <div className="gh-row-actions">
          <button
            type="button"
            className="gh-button gh-button-inline"
            data-variant="secondary"
            disabled={pending}
            aria-busy={pending || undefined}
            // A token may already exist from an earlier visit: generating again always asks first.
            onClick={() => setConfirming(true)}
          >
            {pending ? t("working") : token ? st("scimRotate") : st("scimGenerate")}
          </button>
        </div>
      )}
    </div>
  );
}
