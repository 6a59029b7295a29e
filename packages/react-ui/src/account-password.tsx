import { useRef, useState } from "react";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

/** Current and new password (with the server's length rules), optionally signing out other devices. */
export function AccountPassword({ min, max }: { min: number; max: number }) {
  const { client, t } = useGatehouseUI();
  const { pending, error: raw, run } = useSubmit({ min, max });
  // A wrong password here is the current one: the error belongs to that field, and focus goes there.
  const error = raw?.code === "INVALID_PASSWORD" ? { ...raw, field: "currentPassword" } : raw;
  const [done, setDone] = useState(false);
  const form = useRef<HTMLDivElement>(null);
  return (
    <Card title={t("passwordTitle")} testId="gh-account-password">
      <div ref={form}>
        <Form
          error={error}
          onSubmit={async (values) => {
            setDone(false);
            const body = {
              currentPassword: values.currentPassword ?? "",
              newPassword: values.password ?? "",
              revokeOtherSessions: values.revokeOtherSessions === "on",
            };
            if (await run(() => callClient(client, "changePassword", body))) {
              setDone(true);
              // The passwords are spent: a second submit would send them again.
              for (const input of form.current?.querySelectorAll("input[type=password]") ?? [])
                (input as HTMLInputElement).value = "";
            }
          }}
        >
          <Field
            label={t("currentPassword")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={error}
          />
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
          <label className="gh-check">
            <input type="checkbox" name="revokeOtherSessions" />
            {t("revokeOtherSessions")}
          </label>
          {done && <Notice>{t("passwordUpdated")}</Notice>}
          <Submit pending={pending}>{t("changePassword")}</Submit>
        </Form>
      </div>
    </Card>
  );
}
