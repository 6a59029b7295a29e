import { useEffect, useState } from "react";
import { type AccountMessageKey, useAccountText } from "./account-messages.js";
import { CopyButton } from "./account-parts.js";
import { callClient } from "./call-client.js";
import { Card, Field, Form, Notice, Submit, useSubmit } from "./form-parts.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { useStepUp } from "./step-up.js";

/** Draws an `otpauth://` URI as an SVG string (the default loads @gatehouse-auth/two-factor/qr on demand). */
export type QrCodeDrawer = (totpURI: string) => Promise<string>;

/**
 * The QR code library is loaded only when the setup step shows (and only by apps that use two-factor,
 * which have @gatehouse-auth/two-factor installed): `<AccountSettings>` alone does not ship it.
 */
const defaultQr: QrCodeDrawer = async (uri) => {
  const { totpQrCodeSvg } = await import("@gatehouse-auth/two-factor/qr");
  return totpQrCodeSvg(uri, { margin: 2 });
};

type Step =
  | { name: "idle" }
  | { name: "password"; action: "enable" | "disable" | "regenerate" }
  | { name: "scan"; uri: string; backupCodes: string[] }
  | { name: "codes"; backupCodes: string[]; enabled: boolean };

const TITLES: Record<string, AccountMessageKey> = {
  enable: "twoFactorPasswordTitle",
  disable: "twoFactorDisableTitle",
  regenerate: "twoFactorRegenerateTitle",
};

/** A password error belongs to the password field: focus goes there and it describes the input. */
const PASSWORD_CODES = new Set(["INVALID_PASSWORD", "TWO_FACTOR_PASSWORD_REQUIRED"]);

/**
 * Two-step verification: turn it on (password → QR code and setup key → a code from the app → the
 * backup codes, shown once), turn it off, or replace the backup codes. Each step's heading takes focus.
 */
export function AccountTwoFactor({
  enabled,
  askPassword,
  qrCode = defaultQr,
}: {
  enabled: boolean;
  askPassword: boolean;
  qrCode?: QrCodeDrawer | undefined;
}) {
  const { client, t } = useGatehouseUI();
  const at = useAccountText();
  const { pending, error: raw, setError, run } = useSubmit();
  const { guard, prompt } = useStepUp();
  const error = raw && PASSWORD_CODES.has(raw.code) ? { ...raw, field: askPassword ? "password" : null } : raw;
  const [step, setStep] = useState<Step>({ name: "idle" });
  const [notice, setNotice] = useState<string | null>(null);
  const go = (next: Step) => {
    setError(null);
    setNotice(null);
    setStep(next);
  };
  const title =
    step.name === "password"
      ? at(TITLES[step.action] ?? "twoFactorPasswordTitle")
      : step.name === "scan"
        ? at("twoFactorScanTitle")
        : step.name === "codes"
          ? at("twoFactorCodesTitle")
          : at("twoFactorSectionTitle");
  const stepKey = step.name === "password" ? `password-${step.action}` : step.name;
  const cancel = (
    <button
      type="button"
      className="gh-button"
      data-variant="secondary"
      disabled={pending}
      onClick={() => go({ name: "idle" })}
    >
      {t("cancel")}
    </button>
  );
  return (
    <Card title={title} step={stepKey} testId="gh-account-two-factor">
      {step.name === "idle" && (
        <>
          {notice && <Notice>{notice}</Notice>}
          <p className="gh-muted">{enabled ? at("twoFactorOn") : at("twoFactorOff")}</p>
          {enabled ? (
            <div className="gh-row-actions">
              <button
                type="button"
                className="gh-button gh-button-inline"
                data-variant="secondary"
                onClick={() => go({ name: "password", action: "regenerate" })}
              >
                {at("twoFactorRegenerate")}
              </button>
              <button
                type="button"
                className="gh-button gh-button-inline"
                data-variant="danger"
                onClick={() => go({ name: "password", action: "disable" })}
              >
                {at("twoFactorDisable")}
              </button>
            </div>
          ) : (
            <button type="button" className="gh-button" onClick={() => go({ name: "password", action: "enable" })}>
              {at("twoFactorEnable")}
            </button>
          )}
        </>
      )}
      {step.name === "password" && prompt}
      {step.name === "password" && (
        <Form
          error={error}
          onSubmit={async ({ password }) => {
            const body = askPassword ? { password: password ?? "" } : {};
            if (step.action === "enable") {
              const r = await run<{ totpURI: string; backupCodes: string[] }>(() =>
                guard(() => callClient(client, "twoFactor.enable", body)),
              );
              if (r?.totpURI) go({ name: "scan", uri: r.totpURI, backupCodes: r.backupCodes ?? [] });
            } else if (step.action === "disable") {
              if (await run(() => guard(() => callClient(client, "twoFactor.disable", body)))) {
                go({ name: "idle" });
                setNotice(at("twoFactorDisabled"));
              }
            } else {
              const r = await run<{ backupCodes: string[] }>(() =>
                guard(() => callClient(client, "twoFactor.generateBackupCodes", body)),
              );
              if (r?.backupCodes) go({ name: "codes", backupCodes: r.backupCodes, enabled: false });
            }
          }}
        >
          <p className="gh-muted gh-tight">{introOf(step.action, askPassword, at)}</p>
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
          <Submit pending={pending} {...(step.action === "disable" ? { variant: "danger" as const } : {})}>
            {step.action === "disable"
              ? at("twoFactorDisableSubmit")
              : step.action === "regenerate"
                ? at("twoFactorRegenerateSubmit")
                : at("continue")}
          </Submit>
          {cancel}
        </Form>
      )}
      {step.name === "scan" && (
        <>
          <p className="gh-muted">{at("twoFactorScanIntro")}</p>
          <QrImage uri={step.uri} draw={qrCode} />
          <p className="gh-secret">
            <span className="gh-strong">{at("twoFactorSecret")}: </span>
            <code className="gh-code">{secretOf(step.uri)}</code>
          </p>
          <Form
            error={error}
            onSubmit={async ({ code = "" }) => {
              const r = await run(() => callClient(client, "twoFactor.verifyTotp", { code: code.trim() }));
              if (r) go({ name: "codes", backupCodes: step.backupCodes, enabled: true });
            }}
          >
            <Field
              label={at("twoFactorVerifyIntro")}
              name="code"
              required
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={10}
              error={error}
            />
            <Submit pending={pending}>{t("verifyCode")}</Submit>
            {cancel}
          </Form>
        </>
      )}
      {step.name === "codes" && (
        <>
          {step.enabled && <Notice>{at("twoFactorEnabled")}</Notice>}
          <p className="gh-muted">{at("twoFactorCodesIntro")}</p>
          <ul className="gh-codes" aria-label={at("twoFactorCodesList")}>
            {step.backupCodes.map((c) => (
              <li key={c}>
                <code className="gh-code">{c}</code>
              </li>
            ))}
          </ul>
          <div className="gh-row-actions">
            <CopyButton text={step.backupCodes.join("\n")} label={at("copyCodes")} />
            <a
              className="gh-button gh-button-inline"
              data-variant="secondary"
              download="backup-codes.txt"
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${step.backupCodes.join("\n")}\n`)}`}
            >
              {at("downloadCodes")}
            </a>
          </div>
          <button type="button" className="gh-button gh-codes-done" onClick={() => go({ name: "idle" })}>
            {at("twoFactorDone")}
          </button>
        </>
      )}
    </Card>
  );
}

function introOf(then: string, askPassword: boolean, at: ReturnType<typeof useAccountText>): string {
  if (then === "disable") return askPassword ? at("twoFactorDisableIntro") : at("twoFactorDisableNoPassword");
  if (then === "regenerate") return askPassword ? at("twoFactorRegenerateIntro") : at("twoFactorRegenerateNoPassword");
  return askPassword ? at("twoFactorPasswordIntro") : at("twoFactorFreshIntro");
}

/** The key in the URI, in groups of four so it can be typed into an app. */
function secretOf(uri: string): string {
  let secret = "";
  try {
    secret = new URL(uri).searchParams.get("secret") ?? "";
  } catch {
    // A URI that does not parse shows no key (the QR code still holds it).
  }
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The QR code as an image with a text alternative, drawn after mount (the library loads on demand). */
function QrImage({ uri, draw }: { uri: string; draw: QrCodeDrawer }) {
  const at = useAccountText();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    draw(uri).then(
      (s) => live && setSvg(s),
      () => live && setSvg(""),
    );
    return () => {
      live = false;
    };
  }, [uri, draw]);
  if (svg === null) return <p className="gh-muted">{at("twoFactorQrLoading")}</p>;
  // A drawing that failed leaves the setup key, which holds the same secret.
  if (!svg) return null;
  return (
    <img
      className="gh-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={at("twoFactorQrAlt")}
      width={200}
      height={200}
    />
  );
}
