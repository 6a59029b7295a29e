import { useState } from "react";
import { afterSignIn } from "../after-sign-in.js";
import { client } from "../auth-client.js";
import { type ApiError, ErrorNote, Form, Link, OkNote } from "../ui.js";

const METHODS = [
  ["totp", "Authenticator app"],
  ["backup", "Backup code"],
  ["otp", "Email me a code"],
] as const;
type Method = (typeof METHODS)[number][0];

/** Errors that mean the pending sign-in is gone: the user has to start over. */
const DEAD = new Set(["TWO_FACTOR_CHALLENGE_INVALID", "TWO_FACTOR_TOO_MANY_ATTEMPTS", "UNAUTHORIZED"]);

/**
 * The second step of a sign-in held for two-factor: a code from the authenticator app, a backup code,
 * or a code sent by email; optionally trust this browser for 30 days.
 */
export function TwoFactor() {
  const [method, setMethod] = useState<Method>("totp");
  const [error, setError] = useState<(ApiError & { code?: string }) | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const verify = async (code: string, trustDevice: boolean) => {
    const body = { code: code.trim(), trustDevice };
    const r =
      method === "totp"
        ? await client.twoFactor.verifyTotp(body)
        : method === "backup"
          ? await client.twoFactor.verifyBackupCode(body)
          : await client.twoFactor.verifyOtp(body);
    setError(r.error);
    if (!r.error) await afterSignIn(r.data);
  };
  return (
    <section className="narrow">
      <h1>Two-factor authentication</h1>
      <p className="muted">Your password (or link, or code) checked out. One more step proves it is you.</p>
      <div className="tabs" role="tablist" aria-label="Second factor">
        {METHODS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={method === id}
            onClick={() => {
              setMethod(id);
              setError(null);
              setNote(null);
            }}
          >
            {label}
          </button>
        ))}
      </div>
      {method === "otp" && (
        <Form
          onSubmit={async () => {
            const r = await client.twoFactor.sendOtp({});
            setError(r.error);
            setNote(r.error ? null : "A code is on its way to your email (see the dev mailbox).");
          }}
        >
          <button type="submit">Send me a code</button>
        </Form>
      )}
      <OkNote note={note} />
      <Form onSubmit={({ code = "", trustDevice }) => verify(code, trustDevice === "on")}>
        <label>
          {method === "backup" ? "Backup code" : "Code"}{" "}
          <input
            name="code"
            required
            autoComplete="one-time-code"
            inputMode={method === "backup" ? "text" : "numeric"}
            maxLength={method === "backup" ? 20 : 10}
          />
        </label>
        <label className="check">
          <input name="trustDevice" type="checkbox" /> Trust this device for 30 days
        </label>
        <button type="submit">Verify</button>
        <ErrorNote error={error} />
        {error?.code && DEAD.has(error.code) && (
          <p>
            This sign-in attempt has ended. <Link to="/sign-in">Sign in again</Link>.
          </p>
        )}
      </Form>
    </section>
  );
}
