import { createContext, useCallback, useContext, useEffect, useId, useRef, useState } from "react";
import { useAccountText } from "./account-messages.js";
import { type CallResult, callClient } from "./call-client.js";
import { Field, Form, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { TwoFactorStep } from "./two-factor-step.js";

/** What `<AccountSettings>` knows of the user's ways to prove it is them. */
export const StepUpMethods = createContext<{ password: boolean; passkey: boolean }>({
  password: false,
  passkey: false,
});

/**
 * Re-authentication in place for actions the server allows only on a fresh session (`SESSION_NOT_FRESH`:
 * the session is older than the server's `session.freshAge`). `guard(call)` runs the call; when the
 * server answers that, the card shows `prompt` (password, or a passkey when the user has one), and once
 * the user has signed in again the call runs once more. Cancelled, the first answer stands.
 */
export function useStepUp() {
  const [waiting, setWaiting] = useState<((ok: boolean) => void) | null>(null);
  const guard = useCallback(async <T,>(call: () => Promise<CallResult<T>>): Promise<CallResult<T>> => {
    const first = await call();
    if (first.error?.code !== "SESSION_NOT_FRESH") return first;
    const ok = await new Promise<boolean>((resolve) => setWaiting(() => resolve));
    setWaiting(null);
    return ok ? call() : first;
  }, []);
  return { guard, prompt: waiting && <StepUpPrompt onDone={waiting} /> };
}

/** The inline sign-in: a new session (fresh by definition) replaces the old one, which is then signed out. */
function StepUpPrompt({ onDone }: { onDone: (ok: boolean) => void }) {
  const { client, t, errorText } = useGatehouseUI();
  const at = useAccountText();
  const methods = useContext(StepUpMethods);
  const { data } = client.useSession();
  const { pending, error: raw, run } = useSubmit();
  // The address is the session's own: only the password can be wrong, so it reads as that, on its field.
  const error =
    raw?.code === "INVALID_EMAIL_OR_PASSWORD"
      ? { ...raw, field: "password", text: errorText("INVALID_PASSWORD") }
      : raw;
  const [passkey, setPasskey] = useState(false);
  const [twoFactor, setTwoFactor] = useState<string[] | null>(null);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The prompt replaced what the user was doing: focus lands on its heading, which names it.
  useEffect(() => heading.current?.focus(), []);
  // A passkey is offered only to a user who has one (the server has the plugin and lists at least one).
  useEffect(() => {
    if (!methods.passkey) return;
    let live = true;
    void callClient<unknown[]>(client, "passkey.listUserPasskeys", { limit: 1 }).then(
      (r) => live && setPasskey(Array.isArray(r.data) && r.data.length > 0),
    );
    return () => {
      live = false;
    };
  }, [client, methods.passkey]);
  // The session that was too old, as it was when the prompt opened (the store follows the new one after).
  const old = useRef((data?.session as { id?: string } | undefined)?.id).current;
  const signedIn = async (answer: unknown) => {
    const held = answer as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | null;
    if (held?.twoFactorRedirect) return setTwoFactor(held.twoFactorMethods ?? ["totp"]);
    await finish();
  };
  const finish = async () => {
    // The old session is this same browser's: no second "device" left behind in the list.
    if (old) await callClient(client, "revokeSession", { id: old });
    onDone(true);
  };
  const cancel = (
    <button type="button" className="gh-button" data-variant="secondary" onClick={() => onDone(false)}>
      {t("cancel")}
    </button>
  );
  if (twoFactor)
    return (
      <div className="gh-stack gh-step-up-two-factor">
        <TwoFactorStep methods={twoFactor} onDone={finish} onRestart={() => setTwoFactor(null)} />
        {cancel}
      </div>
    );
  return (
    <section className="gh-confirm gh-step-up" aria-labelledby={id} data-testid="gh-step-up">
      <h3 className="gh-step-up-title" id={id} ref={heading} tabIndex={-1}>
        {at("stepUpTitle")}
      </h3>
      <p>{methods.password ? at("stepUpPassword") : passkey ? at("stepUpPasskeyOnly") : at("stepUpNoMethod")}</p>
      {methods.password && data && (
        <Form
          error={error}
          onSubmit={async ({ password = "" }) => {
            const answer = await run(() => callClient(client, "signIn.email", { email: data.user.email, password }));
            if (answer) await signedIn(answer);
          }}
        >
          <Field
            label={t("password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={error}
          />
          <Submit pending={pending}>{at("stepUpConfirm")}</Submit>
        </Form>
      )}
      {passkey && (
        <>
          {!methods.password && (
            <div role="alert" className="gh-alert" data-tone="error">
              {error?.text ?? ""}
            </div>
          )}
          <button
            type="button"
            className="gh-button"
            data-variant="secondary"
            disabled={pending}
            onClick={async () => {
              const answer = await run(() => callClient(client, "signIn.passkey", {}));
              if (answer) await signedIn(answer);
            }}
          >
            {at("stepUpPasskey")}
          </button>
        </>
      )}
      {cancel}
    </section>
  );
}
