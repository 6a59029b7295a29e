import { callClient } from "./call-client.js";
import { type FormError, useSubmit } from "./form-parts.js";
import type { AfterSignIn } from "./finish-sign-in.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

/** One button per social provider the server has; the client sends the browser to the provider. */
export function SocialButtons({ providers, redirectTo }: { providers: { id: string; name: string }[] } & AfterSignIn) {
  const { client, t } = useGatehouseUI();
  const { pending, error, run } = useSubmit();
  const here = typeof location === "undefined" ? "/" : location.pathname + location.search;
  return (
    <div className="gh-stack">
      <SocialError error={error} />
      {providers.map((p) => (
        <button
          key={p.id}
          type="button"
          className="gh-button"
          data-variant="secondary"
          disabled={pending}
          onClick={() =>
            void run(() =>
              callClient(client, "signIn.social", {
                provider: p.id,
                callbackURL: redirectTo ?? here,
                errorCallbackURL: here,
              }),
            )
          }
        >
          {t("continueWithProvider", { provider: p.name })}
        </button>
      ))}
    </div>
  );
}

function SocialError({ error }: { error: FormError | null }) {
  return (
    <div role="alert" className="gh-alert" data-tone="error">
      {error?.text ?? ""}
    </div>
  );
}
