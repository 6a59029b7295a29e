import { useEffect, useId, useRef, useState } from "react";
import { type AccountMessageKey, useAccountText } from "./account-messages.js";
import { CopyButton, ShowMore, shortDate } from "./account-parts.js";
import { LoadFailed } from "./account-sessions.js";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { ActionAlert, ConfirmRow } from "./organization-parts.js";
import { usePaged } from "./use-paged.js";

interface ApiKey {
  id: string;
  name?: string | null;
  start?: string | null;
  createdAt: string;
  expiresAt?: string | null;
}

/** The lifetimes offered, in days (0: never expires; the server may still cap it). */
const EXPIRY_DAYS = [30, 90, 365, 0];

/** The card's strings: the account's, or an organization's where they differ (organization-api-keys.tsx). */
export type ApiKeyText = (key: AccountMessageKey, params?: Record<string, string | number>) => string;

/** Whose keys the card manages: the user's own (no `organizationId`) or an organization's. */
export interface ApiKeysScope {
  organizationId?: string;
  /** Overrides the account's strings (title, intro, empty list) for the organization's card. */
  text?: ApiKeyText;
  /** The sentence of a refusal code the shared catalogue does not carry (kept out of `<SignIn>`). */
  refusals?: Record<string, string>;
  testId?: string;
}

/**
 * The user's own API keys, or an organization's (`organizationId`): create one with a name and lifetime —
 * the key is shown this once, with a copy button — list them paged (never the key itself), delete after
 * a confirmation. An organization's card renders nothing when the server refuses the caller its list.
 */
export function AccountApiKeys({
  pageSize,
  organizationId,
  text,
  refusals = {},
  testId = "gh-account-api-keys",
}: { pageSize: number } & ApiKeysScope) {
  const { client, t } = useGatehouseUI();
  const accountText = useAccountText();
  const at = text ?? accountText;
  const scope = organizationId ? { organizationId } : {};
  const list = usePaged<ApiKey>("apiKey.list", { limit: pageSize, ...scope }, { key: "apiKeys" });
  const create = useSubmit();
  const row = useSubmit();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const expiryId = useId();
  // Not the caller's to manage: the organization's card is not theirs (every call is refused anyway).
  if (organizationId && list.errorCode === "ORGANIZATION_KEYS_NOT_ALLOWED" && !list.items) return null;
  const nameOf = (k: ApiKey) => k.name || at("apiKeyUnnamed");
  const explain = <E extends { code: string; text: string }>(e: E | null) =>
    e && refusals[e.code] ? { ...e, text: refusals[e.code]! } : e;
  const error = explain(create.error?.code === "VALIDATION_ERROR" ? { ...create.error, field: "name" } : create.error);
  return (
    <Card
      title={created ? at("apiKeyCreatedTitle") : at("apiKeysTitle")}
      subtitle={created ? undefined : at("apiKeysIntro")}
      step={created ? "created" : "list"}
      testId={testId}
    >
      {created ? (
        <>
          <p className="gh-muted">{at("apiKeyCreatedIntro", { name: created.name })}</p>
          <KeyOnce value={created.key} at={at} />
          <button
            type="button"
            className="gh-button"
            onClick={() => {
              setCreated(null);
              list.reload();
            }}
          >
            {at("apiKeyDone")}
          </button>
        </>
      ) : (
        <>
          <ActionAlert
            text={explain(row.error)?.text ?? (list.items && list.errorCode ? t("loadFailed") : undefined)}
          />
          {notice && <Notice>{notice}</Notice>}
          {list.items === undefined && <p className="gh-muted">{t("loading")}</p>}
          {list.items === null && <LoadFailed onRetry={list.reload} />}
          {list.items?.length === 0 && <p className="gh-muted">{at("noApiKeys")}</p>}
          {list.items && list.items.length > 0 && (
            <ul className="gh-list">
              {list.items.map((k) => {
                const name = nameOf(k);
                return (
                  <li key={k.id} className="gh-list-item">
                    <div className="gh-list-text">
                      <span className="gh-strong">{name}</span>
                      <span className="gh-muted gh-small">
                        {at("apiKeyDetails", { start: k.start ?? "", created: shortDate(k.createdAt) })} ·{" "}
                        {k.expiresAt ? at("apiKeyExpires", { date: shortDate(k.expiresAt) }) : at("apiKeyNoExpiry")}
                      </span>
                    </div>
                    {confirming === k.id ? (
                      <ConfirmRow
                        question={at("deleteApiKeyConfirm", { name })}
                        confirm={at("deleteApiKey")}
                        pending={row.pending}
                        onCancel={() => setConfirming(null)}
                        onConfirm={async () => {
                          setNotice(null);
                          if (await row.run(() => callClient(client, "apiKey.delete", { keyId: k.id }))) {
                            setConfirming(null);
                            setNotice(at("apiKeyDeleted", { name }));
                            list.reload();
                          }
                        }}
                      />
                    ) : (
                      <button
                        type="button"
                        className="gh-button gh-button-inline"
                        data-variant="secondary"
                        disabled={row.pending}
                        aria-label={at("deleteApiKeyOf", { name })}
                        onClick={() => {
                          row.setError(null);
                          setConfirming(k.id);
                        }}
                      >
                        {at("deleteApiKey")}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <ShowMore shown={list.hasMore} busy={list.loadingMore} onMore={list.loadMore} />
          <div className="gh-section-gap">
            <Form
              error={error}
              onSubmit={async ({ name = "", expiry = "0" }) => {
                setNotice(null);
                const days = Number(expiry);
                const body = {
                  name: name.trim(),
                  ...(days > 0 ? { expiresIn: days * 86_400 } : { expiresIn: null }),
                  ...scope,
                };
                const r = await create.run<{ key: string; name?: string | null }>(() =>
                  callClient(client, "apiKey.create", body),
                );
                if (r?.key) setCreated({ name: r.name || body.name, key: r.key });
              }}
            >
              <Field label={at("apiKeyName")} name="name" required maxLength={64} autoComplete="off" error={error} />
              <div className="gh-field">
                <label className="gh-label" htmlFor={expiryId}>
                  {at("apiKeyExpiry")}
                </label>
                <select className="gh-select" id={expiryId} name="expiry" defaultValue="90">
                  {EXPIRY_DAYS.map((d) => (
                    <option key={d} value={d}>
                      {d ? at("apiKeyExpiryDays", { days: d }) : at("apiKeyExpiryNever")}
                    </option>
                  ))}
                </select>
              </div>
              <Submit pending={create.pending}>{at("createApiKey")}</Submit>
            </Form>
          </div>
        </>
      )}
    </Card>
  );
}

/** The new key in a read-only field (selected on focus, so it can be copied by hand too) and a copy button. */
function KeyOnce({ value, at }: { value: string; at: ApiKeyText }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  return (
    <div className="gh-field">
      <label className="gh-label" htmlFor={id}>
        {at("apiKeyValue")}
      </label>
      <input
        ref={input}
        id={id}
        className="gh-input gh-code"
        readOnly
        value={value}
        spellCheck={false}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="gh-row-actions">
        <CopyButton text={value} label={at("copyKey")} />
      </div>
    </div>
  );
}
