import { type ApiKeyText, AccountApiKeys } from "./account-api-keys.js";
import { useAccountText } from "./account-messages.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { ORGANIZATION_ERROR_MESSAGES, useOrgText } from "./organization-messages.js";

/**
 * The "API keys" card of `<OrganizationSettings>`: the account's API-key card (create, shown once with
 * copy, paged list, delete with confirmation) on the organization's keys, with the organization's intro.
 * Whether it shows is the server's answer: a caller whose role lacks `apiKey: read` is refused the list,
 * and the card then renders nothing; every call is checked again there.
 */
export function OrganizationApiKeys({
  organizationId,
  organizationName,
  pageSize,
}: {
  organizationId: string;
  organizationName: string;
  pageSize: number;
}) {
  const { errorText } = useGatehouseUI();
  const at = useAccountText();
  const ot = useOrgText();
  const text: ApiKeyText = (key, params) =>
    key === "apiKeysIntro"
      ? ot("orgApiKeysIntro", { name: organizationName })
      : key === "noApiKeys"
        ? ot("orgNoApiKeys")
        : at(key, params);
  // The app's own sentence for the code when it gave one, else this card's.
  const unknown = errorText("UNKNOWN");
  const refusals: Record<string, string> = {};
  for (const [code, sentence] of Object.entries(ORGANIZATION_ERROR_MESSAGES))
    refusals[code] = errorText(code) === unknown ? sentence : errorText(code);
  return (
    <AccountApiKeys
      pageSize={pageSize}
      organizationId={organizationId}
      text={text}
      refusals={refusals}
      testId="gh-organization-api-keys"
    />
  );
}
