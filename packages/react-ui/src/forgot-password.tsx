import { useState } from "react";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

export interface ForgotPasswordProps {
  /** The app's page rendering `<ResetPassword>`: the emailed link lands there with `?token=`. */
  resetPasswordUrl: string;
  /** Where "Sign in" goes; hidden when not given. */
  signInUrl?: string;
}

/**
 * Asks for a reset link. The answer is the same whether or not an account uses the address (the server
 * does not say, so neither do we).
 */
export function ForgotPassword({ resetPasswordUrl, signInUrl }: ForgotPasswordProps) {
  const { client, t } = useGatehouseUI();
  const { pending, error, run } = useSubmit();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Card title={t("forgotPasswordTitle")} step={sentTo ? "sent" : "form"} testId="gh-forgot-password">
      {sentTo ? (
        <Notice>{t("resetLinkSent", { email: sentTo })}</Notice>
      ) : (
        <Form
          error={error}
          onSubmit={async ({ email = "" }) => {
            const body = { email: email.trim(), redirectTo: resetPasswordUrl };
            if (await run(() => callClient(client, "requestPasswordReset", body))) setSentTo(body.email);
          }}
        >
          <Field label={t("email")} name="email" type="email" autoComplete="email" required error={error} />
          <Submit pending={pending}>{t("sendResetLink")}</Submit>
        </Form>
      )}
      {signInUrl && (
        <p className="gh-footer">
          <a className="gh-link" href={signInUrl}>
            {t("signInLink")}
          </a>
        </p>
      )}
    </Card>
  );
}
