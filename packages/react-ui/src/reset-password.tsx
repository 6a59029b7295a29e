import { useEffect, useState } from "react";
import { callClient } from "./call-client.js";
import { useCapabilities } from "./capabilities.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

export interface ResetPasswordProps {
  /** The token; default: the page's `?token=` (where the emailed link lands). */
  token?: string;
  /** Where "Sign in" goes after the change; hidden when not given. */
  signInUrl?: string;
}

/** Reads `?token=` and `?error=` after mount: never `location` during render (server rendering). */
function useLinkParams(given?: string): { token: string | null; error: string | null } | undefined {
  const [state, setState] = useState<{ token: string | null; error: string | null } | undefined>(
    given ? { token: given, error: null } : undefined,
  );
  useEffect(() => {
    if (given) return;
    const q = new URLSearchParams(location.search);
    setState({ token: q.get("token"), error: q.get("error") });
  }, [given]);
  return state;
}

/** A new password for the emailed reset link's token; a used or expired link says so. */
export function ResetPassword({ token, signInUrl }: ResetPasswordProps) {
  const { client, capabilities: given, t, errorText } = useGatehouseUI();
  const caps = useCapabilities(client, given);
  const min = caps?.emailAndPassword.minPasswordLength ?? 8;
  const max = caps?.emailAndPassword.maxPasswordLength ?? 128;
  const link = useLinkParams(token);
  const { pending, error, run } = useSubmit({ min, max });
  const [done, setDone] = useState(false);
  const signIn = signInUrl && (
    <p className="gh-footer">
      <a className="gh-link" href={signInUrl}>
        {t("signInLink")}
      </a>
    </p>
  );
  if (!link) return <Card title={t("resetPasswordTitle")} subtitle={t("loading")} testId="gh-reset-password" />;
  if (done)
    return (
      <Card title={t("resetPasswordTitle")} step="done" testId="gh-reset-password">
        <Notice>{t("passwordChanged")}</Notice>
        {signIn}
      </Card>
    );
  if (!link.token)
    return (
      <Card title={t("resetPasswordTitle")} step="invalid" testId="gh-reset-password">
        <p className="gh-alert" data-tone="error" role="alert">
          {link.error ? errorText(link.error) : t("resetMissingToken")}
        </p>
        {signIn}
      </Card>
    );
  return (
    <Card title={t("resetPasswordTitle")} step="form" testId="gh-reset-password">
      <Form
        error={error}
        onSubmit={async ({ password = "" }) => {
          const body = { newPassword: password, token: link.token };
          if (await run(() => callClient(client, "resetPassword", body))) setDone(true);
        }}
      >
        <Field
          label={t("newPassword")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={min}
          maxLength={max}
          hint={t("passwordHint", { min })}
          error={error}
        />
        <Submit pending={pending}>{t("savePassword")}</Submit>
      </Form>
    </Card>
  );
}
