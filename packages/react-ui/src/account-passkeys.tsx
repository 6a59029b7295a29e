import { useId, useState } from "react";
import { type AccountMessageKey, useAccountText } from "./account-messages.js";
import { ShowMore, shortDate } from "./account-parts.js";
import { LoadFailed } from "./account-sessions.js";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { ActionAlert, ConfirmRow } from "./organization-parts.js";
import { useStepUp } from "./step-up.js";
import { usePaged } from "./use-paged.js";

interface Passkey {
  id: string;
  name?: string | null;
  createdAt: string;
}

/**
 * What adding a passkey can fail with in the browser, as this section's own sentences: the catalogue's
 * NotAllowedError text also covers "no passkey found", which only makes sense when signing in.
 */
const CEREMONY_TEXT: Record<string, AccountMessageKey> = {
  NotAllowedError: "passkeyCancelled",
  AbortError: "passkeyCancelled",
  ERROR_CEREMONY_ABORTED: "passkeyCancelled",
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: "passkeyCancelled",
  NotSupportedError: "passkeyNotSupported",
  InvalidStateError: "passkeyAlreadyRegistered",
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: "passkeyAlreadyRegistered",
  PASSKEY_ALREADY_REGISTERED: "passkeyAlreadyRegistered",
};

/** The user's passkeys, paged (name, when added): add one (the browser's WebAuthn prompt), rename, remove. */
export function AccountPasskeys({ pageSize }: { pageSize: number }) {
  const { client, t } = useGatehouseUI();
  const at = useAccountText();
  const list = usePaged<Passkey>("passkey.listUserPasskeys", { limit: pageSize });
  const add = useSubmit();
  const { guard, prompt } = useStepUp();
  const row = useSubmit();
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  // Remounts the add form after a success, so the name just used is not offered again.
  const [added, setAdded] = useState(0);
  const baseId = useId();
  const nameOf = (p: Passkey) => p.name || at("passkeyUnnamed");
  const addError =
    add.error && CEREMONY_TEXT[add.error.code]
      ? { ...add.error, text: at(CEREMONY_TEXT[add.error.code] as AccountMessageKey) }
      : add.error;
  const rowAct = async (call: () => ReturnType<typeof callClient>, done: string) => {
    setNotice(null);
    if (await row.run(call)) {
      setConfirming(null);
      setRenaming(null);
      setNotice(done);
      list.reload();
    }
  };
  return (
    <Card title={at("passkeysTitle")} subtitle={at("passkeysIntro")} testId="gh-account-passkeys">
      <ActionAlert text={row.error?.text ?? (list.items && list.errorCode ? t("loadFailed") : undefined)} />
      {notice && <Notice>{notice}</Notice>}
      {list.items === undefined && <p className="gh-muted">{t("loading")}</p>}
      {list.items === null && <LoadFailed onRetry={list.reload} />}
      {list.items?.length === 0 && <p className="gh-muted">{at("noPasskeys")}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="gh-list">
          {list.items.map((p) => {
            const name = nameOf(p);
            return (
              <li key={p.id} className="gh-list-item">
                <div className="gh-list-text">
                  <span className="gh-strong">{name}</span>
                  <span className="gh-muted gh-small">{at("passkeyCreated", { date: shortDate(p.createdAt) })}</span>
                </div>
                {confirming === p.id ? (
                  <ConfirmRow
                    question={at("removePasskeyConfirm", { name })}
                    confirm={at("removePasskey")}
                    pending={row.pending}
                    onCancel={() => setConfirming(null)}
                    onConfirm={() =>
                      void rowAct(
                        () => callClient(client, "passkey.deletePasskey", { id: p.id }),
                        at("passkeyRemoved", { name }),
                      )
                    }
                  />
                ) : renaming === p.id ? (
                  <form
                    className="gh-inline-form"
                    onSubmit={(event) => {
                      event.preventDefault();
                      const next = String(new FormData(event.currentTarget).get("name") ?? "").trim();
                      void rowAct(
                        () => callClient(client, "passkey.updatePasskey", { id: p.id, name: next }),
                        at("passkeyRenamed", { name: next }),
                      );
                    }}
                  >
                    <div className="gh-field">
                      <label className="gh-label" htmlFor={`${baseId}-${p.id}`}>
                        {at("newPasskeyName", { name })}
                      </label>
                      <input
                        className="gh-input"
                        id={`${baseId}-${p.id}`}
                        name="name"
                        required
                        maxLength={100}
                        defaultValue={p.name ?? ""}
                        // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this one.
                        autoFocus
                      />
                    </div>
                    <div className="gh-row-actions">
                      <button
                        type="submit"
                        className="gh-button gh-button-inline"
                        disabled={row.pending}
                        aria-busy={row.pending || undefined}
                      >
                        {row.pending ? t("working") : at("savePasskeyName")}
                      </button>
                      <button
                        type="button"
                        className="gh-button gh-button-inline"
                        data-variant="secondary"
                        disabled={row.pending}
                        onClick={() => setRenaming(null)}
                      >
                        {t("cancel")}
                      </button>
                    </div>
                  </form>
                ) : (
                  <div className="gh-row-actions">
                    <button
                      type="button"
                      className="gh-button gh-button-inline"
                      data-variant="secondary"
                      disabled={row.pending}
                      aria-label={at("renamePasskeyOf", { name })}
                      onClick={() => {
                        row.setError(null);
                        setConfirming(null);
                        setRenaming(p.id);
                      }}
                    >
                      {at("renamePasskey")}
                    </button>
                    <button
                      type="button"
                      className="gh-button gh-button-inline"
                      data-variant="secondary"
                      disabled={row.pending}
                      aria-label={at("removePasskeyOf", { name })}
                      onClick={() => {
                        row.setError(null);
                        setRenaming(null);
                        setConfirming(p.id);
                      }}
                    >
                      {at("removePasskey")}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ShowMore shown={list.hasMore} busy={list.loadingMore} onMore={list.loadMore} />
      <div className="gh-section-gap">
        {prompt}
        <Form
          key={added}
          error={addError}
          onSubmit={async ({ name = "" }) => {
            setNotice(null);
            const given = name.trim();
            // No WebAuthn at all (an old browser, an insecure page): say so instead of a raw TypeError.
            if (typeof PublicKeyCredential === "undefined")
              return add.setError({ code: "NotSupportedError", text: at("passkeyNotSupported"), field: null });
            const r = await add.run<Passkey>(() =>
              guard(() => callClient(client, "passkey.addPasskey", given ? { name: given } : {})),
            );
            if (r) {
              setNotice(at("passkeyAdded", { name: r.name || given || at("passkeyUnnamed") }));
              setAdded((n) => n + 1);
              list.reload();
            }
          }}
        >
          <Field label={at("passkeyName")} name="name" maxLength={100} hint={at("passkeyNameHint")} error={addError} />
          <Submit pending={add.pending}>{at("addPasskey")}</Submit>
        </Form>
      </div>
    </Card>
  );
}
