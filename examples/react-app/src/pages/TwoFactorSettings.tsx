import { useState } from "react";
import { client } from "../auth-client.js";
import { type ApiError, ErrorNote, Form, OkNote } from "../ui.js";

/** A fresh TOTP secret waiting for its first code, and the backup codes to show once. */
interface Setup {
  svg: string;
  secret: string;
  backupCodes: string[];
}

/** The secret in an otpauth:// URI, for people who type it instead of scanning. */
const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";

/** Backup codes, shown once: they are stored only as HMACs and can never be shown again. */
function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <>
      <p>
        <strong>Backup codes</strong> — each signs you in once if you lose your phone. Save them now: they are shown
        only this once.
      </p>
      <ol className="codes" data-testid="backup-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
    </>
  );
}

/**
 * The account page's two-factor section: turn it on (password → QR code and backup codes → first code
 * from the app), turn it off, or replace the backup codes.
 */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<ApiError>(null);

  if (setup)
    return (
      <div className="card" data-testid="two-factor-setup">
        <h2>Two-factor authentication</h2>
        <p>1. Scan this code with an authenticator app (or type the key below it).</p>
        {/* The SVG is drawn locally from paths only (see @gatehouse-auth/two-factor/qr): safe to inline. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: generated locally, paths only. */}
        <div className="qr" dangerouslySetInnerHTML={{ __html: setup.svg }} />
        <p>
          Key: <code data-testid="totp-secret">{setup.secret}</code>
        </p>
        <BackupCodes codes={setup.backupCodes} />
        <Form
          onSubmit={async ({ code = "" }) => {
            const r = await client.twoFactor.verifyTotp({ code: code.trim() });
            setError(r.error);
            if (!r.error) {
              setSetup(null);
              setNote("Two-factor authentication is on.");
            }
          }}
        >
          <label>
            2. Enter the code the app shows{" "}
            <input name="code" required inputMode="numeric" autoComplete="one-time-code" maxLength={10} />
          </label>
          <div className="actions">
            <button type="submit">Turn on</button>
            <button type="button" className="link" onClick={() => setSetup(null)}>
              Cancel
            </button>
          </div>
          <ErrorNote error={error} />
        </Form>
      </div>
    );

  if (!enabled)
    return (
      <div className="card">
        <h2>Two-factor authentication</h2>
        <OkNote note={note} />
        <p className="muted">Off. With it on, signing in also asks for a code from an app on your phone.</p>
        <Form
          onSubmit={async ({ password = "" }, form) => {
            const r = await client.twoFactor.enable({ password });
            setError(r.error);
            if (r.error || !r.data) return;
            form.reset();
            // Loaded on demand: only this step needs the QR encoder.
            const { totpQrCodeSvg } = await import("@gatehouse-auth/two-factor/qr");
            setSetup({
              svg: await totpQrCodeSvg(r.data.totpURI),
              secret: secretOf(r.data.totpURI),
              backupCodes: r.data.backupCodes,
            });
          }}
        >
          <label>
            Password <input name="password" type="password" required autoComplete="current-password" />
          </label>
          <button type="submit">Set up two-factor</button>
          <ErrorNote error={error} />
        </Form>
      </div>
    );

  return (
    <div className="card">
      <h2>Two-factor authentication</h2>
      <p className="ok" data-testid="two-factor-on">
        On.
      </p>
      <OkNote note={note} />
      {newCodes && <BackupCodes codes={newCodes} />}
      <Form
        onSubmit={async ({ password = "", intent }, form) => {
          if (intent === "disable") {
            if (!window.confirm("Turn off two-factor authentication? Trusted devices are forgotten too.")) return;
            const r = await client.twoFactor.disable({ password });
            setError(r.error);
            if (!r.error) {
              setNewCodes(null);
              setNote("Two-factor authentication is off.");
            }
          } else {
            if (!window.confirm("Replace your backup codes? The old ones stop working.")) return;
            const r = await client.twoFactor.generateBackupCodes({ password });
            setError(r.error);
            if (r.data) {
              setNewCodes(r.data.backupCodes);
              setNote("New backup codes: the old ones no longer work.");
            }
          }
          form.reset();
        }}
      >
        <label>
          Password <input name="password" type="password" required autoComplete="current-password" />
        </label>
        <div className="actions">
          <button type="submit" name="intent" value="codes">
            New backup codes
          </button>
          <button type="submit" name="intent" value="disable" className="danger">
            Turn off
          </button>
        </div>
        <ErrorNote error={error} />
      </Form>
    </div>
  );
}
