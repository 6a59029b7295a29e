import { useEffect, useState } from "react";
import { callClient } from "./call-client.js";
import { Card, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

export interface VerifyEmailProps {
  /** Where the verification link lands once followed; default this page. */
  callbackURL?: string;
}

/**
 * For a signed-in user whose address is not verified yet: sends the link (again). Where a followed
 * link came back with `?error=` (used or expired), says so; once verified, says that.
 */
export function VerifyEmail({ callbackURL }: VerifyEmailProps) {
  const { client, t, errorText } = useGatehouseUI();
  const session = client.useSession();
  const { pending, error, run } = useSubmit();
  const [sent, setSent] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  useEffect(() => setLinkError(new URLSearchParams(location.search).get("error")), []);
  const user = session.data?.user;
  if (session.isPending) return <Card title={t("verifyEmailTitle")} subtitle={t("loading")} testId="gh-verify-email" />;
  if (user?.emailVerified)
    return (
      <Card title={t("verifyEmailTitle")} step="done" testId="gh-verify-email">
        <Notice>{t("verifyDone")}</Notice>
      </Card>
    );
  return (
    <Card title={t("verifyEmailTitle")} step={sent ? "sent" : "prompt"} testId="gh-verify-email">
      {linkError && (
        <p className="gh-alert" data-tone="error" role="alert">
          {errorText(linkError)}
        </p>
      )}
      {sent && user ? (
        <Notice>{t("verifySent", { email: user.email })}</Notice>
      ) : (
        <>
          <p className="gh-muted">{t("verifyPrompt")}</p>
          {user && (
            <Form
              error={error}
              onSubmit={async () => {
                const body = {
                  email: user.email,
                  callbackURL: callbackURL ?? location.pathname,
                };
                if (await run(() => callClient(client, "sendVerificationEmail", body))) setSent(true);
              }}
            >
              <Submit pending={pending}>{t("resendVerification")}</Submit>
            </Form>
          )}
        </>
      )}
    </Card>
  );
}
