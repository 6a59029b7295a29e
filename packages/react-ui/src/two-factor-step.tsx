import { useState } from "react";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

type Method = "totp" | "otp" | "backup";

/** Codes that end the pending sign-in: only starting over helps. */
const ENDED = new Set(["TWO_FACTOR_CHALLENGE_INVALID", "TWO_FACTOR_TOO_MANY_ATTEMPTS", "TWO_FACTOR_OTP_SEND_LIMIT"]);

/**
 * The second step of a sign-in the server held for a second factor: an authenticator code, a code by
 * email (when the server offers it), or a backup code; optionally trust this browser.
 */
export function TwoFactorStep({
  methods,
  onDone,
  onRestart,
}: {
  methods: string[];
  onDone: () => unknown;
  onRestart: () => void;
}) {
  const { client, t } = useGatehouseUI();
  const offered: Method[] = [
    ...(methods.includes("totp") ? (["totp"] as const) : []),
    ...(methods.includes("otp") ? (["otp"] as const) : []),
    "backup",
  ];
  const [method, setMethod] = useState<Method>(offered[0] ?? "backup");
  const [sent, setSent] = useState(false);
  const send = useSubmit();
  const verify = useSubmit();
  const labels: Record<Method, string> = {
    totp: t("twoFactorTotp"),
    otp: t("twoFactorEmail"),
    backup: t("twoFactorBackup"),
  };
  const path: Record<Method, string> = {
    totp: "twoFactor.verifyTotp",
    otp: "twoFactor.verifyOtp",
    backup: "twoFactor.verifyBackupCode",
  };
  const ended = verify.error && ENDED.has(verify.error.code);
  return (
    <Card
      title={t("twoFactorTitle")}
      subtitle={t("twoFactorIntro")}
      step="two-factor"
      testId="gh-two-factor"
      focusOnMount
    >
      <fieldset className="gh-tabs">
        <legend className="gh-sr-only">{t("twoFactorTitle")}</legend>
        {offered.map((m) => (
          <button
            key={m}
            type="button"
            className="gh-tab"
            aria-pressed={m === method}
            onClick={() => {
              setMethod(m);
              verify.setError(null);
            }}
          >
            {labels[m]}
          </button>
        ))}
      </fieldset>
      {method === "otp" && !sent && (
        <Form
          error={send.error}
          onSubmit={async () => {
            if (await send.run(() => callClient(client, "twoFactor.sendOtp", {}))) setSent(true);
          }}
        >
          <Submit pending={send.pending}>{t("sendCode")}</Submit>
        </Form>
      )}
      {method === "otp" && sent && <Notice>{t("twoFactorOtpSent")}</Notice>}
      {(method !== "otp" || sent) && (
        <Form
          error={verify.error}
          onSubmit={async ({ code = "", trustDevice }) => {
            const body = { code: code.trim(), trustDevice: trustDevice === "on" };
            if (await verify.run(() => callClient(client, path[method], body))) await onDone();
          }}
        >
          <Field
            key={method}
            label={method === "backup" ? t("backupCode") : t("code")}
            name="code"
            required
            autoComplete="one-time-code"
            inputMode={method === "backup" ? "text" : "numeric"}
            maxLength={method === "backup" ? 24 : 10}
            error={verify.error}
          />
          <label className="gh-check">
            <input type="checkbox" name="trustDevice" /> {t("rememberDevice")}
          </label>
          <Submit pending={verify.pending}>{t("verifyCode")}</Submit>
        </Form>
      )}
      {ended && (
        <p className="gh-footer">
          <button type="button" className="gh-link" onClick={onRestart}>
            {t("twoFactorStartOver")}
          </button>
        </p>
      )}
    </Card>
  );
}
