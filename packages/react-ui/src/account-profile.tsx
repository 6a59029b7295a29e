import { useState } from "react";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { type UiUser, useGatehouseUI } from "./gatehouse-ui.js";

/** Name, and the email change when the server has it on (a confirmation link to the new address). */
export function AccountProfile({ user, changeEmail }: { user: UiUser; changeEmail: boolean }) {
  const { client, t } = useGatehouseUI();
  const name = useSubmit();
  const email = useSubmit();
  const [saved, setSaved] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Card title={t("profileTitle")} testId="gh-account-profile">
      <Form
        error={name.error}
        onSubmit={async (values) => {
          setSaved(false);
          const body = { name: (values.name ?? "").trim() };
          if (await name.run(() => callClient(client, "updateUser", body))) setSaved(true);
        }}
      >
        <Field label={t("name")} name="name" autoComplete="name" required defaultValue={user.name} error={name.error} />
        {saved && <Notice>{t("profileSaved")}</Notice>}
        <Submit pending={name.pending}>{t("saveProfile")}</Submit>
      </Form>
      {changeEmail && (
        <div className="gh-section-gap">
          <Form
            error={email.error}
            onSubmit={async (values) => {
              setSentTo(null);
              const newEmail = (values.email ?? "").trim();
              const here = typeof location === "undefined" ? "/" : location.pathname + location.search;
              if (await email.run(() => callClient(client, "changeEmail", { newEmail, callbackURL: here })))
                setSentTo(newEmail);
            }}
          >
            <p className="gh-muted gh-tight">{user.email}</p>
            <Field label={t("newEmail")} name="email" type="email" autoComplete="email" required error={email.error} />
            {sentTo && <Notice>{t("changeEmailSent", { email: sentTo })}</Notice>}
            <Submit pending={email.pending}>{t("changeEmail")}</Submit>
          </Form>
        </div>
      )}
    </Card>
  );
}
