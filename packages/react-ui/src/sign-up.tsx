import { useState } from "react";
import { callClient } from "./call-client.js";
import { useCapabilities } from "./capabilities.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { type AfterSignIn, finishSignIn } from "./finish-sign-in.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

export interface SignUpProps extends AfterSignIn {
  /** Where "Sign in" goes; hidden when not given. */
  signInUrl?: string;
}

/**
 * A new account by name, email (username when that plugin is on) and password, with the server's
 * password length as the hint. When the server wants the address verified first, it says so.
 */
export function SignUp(props: SignUpProps) {
  const { client, capabilities: given, t } = useGatehouseUI();
  const caps = useCapabilities(client, given);
  const min = caps?.emailAndPassword.minPasswordLength ?? 8;
  const max = caps?.emailAndPassword.maxPasswordLength ?? 128;
  const { pending, error, run } = useSubmit({ min, max });
  const [verifyAt, setVerifyAt] = useState<string | null>(null);
  if (caps === undefined) return <Card title={t("signUpTitle")} subtitle={t("loading")} testId="gh-sign-up" />;
  if (verifyAt)
    return (
      <Card title={t("verifyEmailTitle")} step="verify" testId="gh-sign-up">
        <Notice>{t("verifySent", { email: verifyAt })}</Notice>
      </Card>
    );
  const withUsername = caps?.plugins.includes("username") ?? false;
  return (
    <Card title={t("signUpTitle")} step="form" testId="gh-sign-up">
      <Form
        error={error}
        onSubmit={async ({ name = "", email = "", username = "", password = "" }) => {
          const body = {
            name: name.trim(),
            email: email.trim(),
            password,
            ...(withUsername && username.trim() ? { username: username.trim() } : {}),
            ...(props.redirectTo ? { callbackURL: props.redirectTo } : {}),
          };
          const data = await run<{ token?: string | null }>(() => callClient(client, "signUp.email", body));
          if (!data) return;
          // No session yet: the address must be verified first (the link is on its way).
          if (!data.token) setVerifyAt(body.email);
          else await finishSignIn(props);
        }}
      >
        <Field label={t("name")} name="name" autoComplete="name" required error={error} />
        <Field label={t("email")} name="email" type="email" autoComplete="email" required error={error} />
        {withUsername && <Field label={t("username")} name="username" autoComplete="username" error={error} />}
        <Field
          label={t("password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={min}
          maxLength={max}
          hint={t("passwordHint", { min })}
          error={error}
        />
        <Submit pending={pending}>{t("submitSignUp")}</Submit>
      </Form>
      {props.signInUrl && (
        <p className="gh-footer">
          {t("haveAccount")}{" "}
          <a className="gh-link" href={props.signInUrl}>
            {t("signInLink")}
          </a>
        </p>
      )}
    </Card>
  );
}
