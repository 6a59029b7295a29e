import { useState } from "react";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { useStepUp } from "./step-up.js";

/**
 * Delete account, in two steps: the button, then a confirmation (the password when the user has one;
 * else the server's fresh-session or emailed-link rule decides, and its errors read as friendly text).
 */
export function AccountDelete({ askPassword, afterDeleteUrl }: { askPassword: boolean; afterDeleteUrl?: string }) {
  const { client, t } = useGatehouseUI();
  const { pending, error, setError, run } = useSubmit();
  const { guard, prompt } = useStepUp();
  const [step, setStep] = useState<"start" | "confirm" | "emailed" | "deleted">("start");
  const here = typeof location === "undefined" ? "/" : location.pathname + location.search;
  return (
    <Card
      title={step === "confirm" ? t("deleteConfirmTitle") : t("deleteTitle")}
      step={step}
      testId="gh-account-delete"
    >
      {step === "start" && (
        <>
          <p className="gh-muted">{t("deleteIntro")}</p>
          <button type="button" className="gh-button" data-variant="danger" onClick={() => setStep("confirm")}>
            {t("deleteStart")}
          </button>
        </>
      )}
      {prompt}
      {step === "confirm" && (
        <Form
          error={error}
          onSubmit={async ({ password }) => {
            const body: Record<string, string> = { callbackURL: afterDeleteUrl ?? here };
            if (askPassword) body.password = password ?? "";
            const r = await run<{ message?: string }>(() => guard(() => callClient(client, "deleteUser", body)));
            if (!r) return;
            // With a deletion email configured the server only sent the link (its one non-"deleted" answer).
            if (r.message && r.message !== "User deleted") return setStep("emailed");
            setStep("deleted");
            if (afterDeleteUrl) window.location.assign(afterDeleteUrl);
          }}
        >
          <p className="gh-muted gh-tight">{askPassword ? t("deleteConfirmIntro") : t("deleteConfirmNoPassword")}</p>
          {askPassword && (
            <Field
              label={t("password")}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={error}
            />
          )}
          <Submit pending={pending} variant="danger">
            {t("deleteConfirm")}
          </Submit>
          <button
            type="button"
            className="gh-button"
            data-variant="secondary"
            onClick={() => {
              setError(null);
              setStep("start");
            }}
          >
            {t("cancel")}
          </button>
        </Form>
      )}
      {step === "emailed" && <Notice>{t("deleteEmailSent")}</Notice>}
      {step === "deleted" && <Notice>{t("accountDeleted")}</Notice>}
    </Card>
  );
}
