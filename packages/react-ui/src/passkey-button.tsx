import { callClient } from "./call-client.js";
import { useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

/**
 * Sign in with a passkey: the passkey client plugin runs the browser's WebAuthn prompt. A cancelled
 * prompt or an unknown passkey shows its friendly message (never the browser's DOMException text).
 */
export function PasskeyButton({ onSignedIn }: { onSignedIn: (data: unknown) => unknown }) {
  const { client, t } = useGatehouseUI();
  const { pending, error, run } = useSubmit();
  return (
    <div className="gh-stack">
      <div role="alert" className="gh-alert" data-tone="error">
        {error?.text ?? ""}
      </div>
      <button
        type="button"
        className="gh-button"
        data-variant="secondary"
        disabled={pending}
        onClick={async () => {
          const data = await run(() => callClient(client, "signIn.passkey", {}));
          if (data) await onSignedIn(data);
        }}
      >
        {pending ? t("working") : t("signInWithPasskey")}
      </button>
    </div>
  );
}
