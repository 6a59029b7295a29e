import { useState } from "react";
import { afterSignIn, pendingNext } from "../after-sign-in.js";
import { client } from "../auth-client.js";
import { type ApiError, ErrorNote, Form } from "../ui.js";

/** The ways to sign in this app offers, one tab each. */
const METHODS = [
  ["password", "Password"],
  ["magic-link", "Magic link"],
  ["email-code", "Email code"],
  ["phone", "Phone"],
] as const;
type Method = (typeof METHODS)[number][0];

/** The sign-in forms: password (email or username), magic link, emailed code, phone and password. */
export function SignInMethods() {
  const [method, setMethod] = useState<Method>("password");
  return (
    <>
      <div className="tabs" role="tablist" aria-label="How to sign in">
        {METHODS.map(([id, label]) => (
          <button key={id} type="button" role="tab" aria-selected={method === id} onClick={() => setMethod(id)}>
            {label}
          </button>
        ))}
      </div>
      {method === "password" && <PasswordSignIn />}
      {method === "magic-link" && <MagicLinkSignIn />}
      {method === "email-code" && <EmailCodeSignIn />}
      {method === "phone" && <PhoneSignIn />}
    </>
  );
}

/** Email or username, and the password: an `@` tells the two apart (usernames cannot hold one). */
function PasswordSignIn() {
  const [error, setError] = useState<ApiError>(null);
  return (
    <Form
      onSubmit={async ({ identifier = "", password = "" }) => {
        const id = identifier.trim();
        const r = id.includes("@")
          ? await client.signIn.email({ email: id, password })
          : await client.signIn.username({ username: id, password });
        setError(r.error);
        if (!r.error) await afterSignIn(r.data);
      }}
    >
      <label>
        Email or username <input name="identifier" required autoComplete="username" />
      </label>
      <label>
        Password <input name="password" type="password" required autoComplete="current-password" />
      </label>
      <button type="submit">Sign in</button>
      <ErrorNote error={error} />
    </Form>
  );
}

/** Phone number (verified on the account) and the password. */
function PhoneSignIn() {
  const [error, setError] = useState<ApiError>(null);
  return (
    <Form
      onSubmit={async ({ phoneNumber = "", password = "" }) => {
        const r = await client.signIn.phoneNumber({ phoneNumber: phoneNumber.trim(), password });
        setError(r.error);
        if (!r.error) await afterSignIn(r.data);
      }}
    >
      <label>
        Phone number <input name="phoneNumber" type="tel" required autoComplete="tel" placeholder="+1 555 014 2001" />
      </label>
      <label>
        Password <input name="password" type="password" required autoComplete="current-password" />
      </label>
      <button type="submit">Sign in</button>
      <p className="muted">Works once the number is verified on your account (see the Phone page).</p>
      <ErrorNote error={error} />
    </Form>
  );
}

/** Where a mailed link lands after signing in: a page that finishes the sign-in like the forms do. */
function landing(): string {
  const next = pendingNext();
  return next ? `/signed-in?next=${encodeURIComponent(next)}` : "/signed-in";
}

/** A link by email; a new address gets an account. */
function MagicLinkSignIn() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<ApiError>(null);
  if (sentTo)
    return (
      <div className="card" role="status" data-testid="magic-link-sent">
        <p>
          <strong>Check your mailbox.</strong> A sign-in link is on its way to {sentTo}; it works once, for 5 minutes.
          Here, mail lands in the{" "}
          <a href="/mailbox" target="_blank" rel="noreferrer">
            dev mailbox
          </a>
          .
        </p>
        <button type="button" className="link" onClick={() => setSentTo(null)}>
          Send another link
        </button>
      </div>
    );
  return (
    <Form
      onSubmit={async ({ email = "" }) => {
        const r = await client.signIn.magicLink({
          email: email.trim(),
          callbackURL: landing(),
          // A used or expired link comes back here, where the message explains it.
          errorCallbackURL: "/sign-in",
        });
        setError(r.error);
        if (!r.error) setSentTo(email.trim());
      }}
    >
      <label>
        Email <input name="email" type="email" required autoComplete="email" />
      </label>
      <button type="submit">Email me a link</button>
      <p className="muted">No account yet? The link creates one.</p>
      <ErrorNote error={error} />
    </Form>
  );
}

/** A six-digit code by email, typed here; a new address gets an account. */
function EmailCodeSignIn() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<ApiError>(null);
  if (sentTo)
    return (
      <Form
        onSubmit={async ({ otp = "" }) => {
          const r = await client.signIn.emailOtp({ email: sentTo, otp: otp.trim() });
          setError(r.error);
          if (!r.error) await afterSignIn(r.data);
        }}
      >
        <p className="muted">
          We emailed a code to {sentTo}. Mail lands in the{" "}
          <a href="/mailbox" target="_blank" rel="noreferrer">
            dev mailbox
          </a>
          .
        </p>
        <label>
          Code <input name="otp" required inputMode="numeric" autoComplete="one-time-code" maxLength={10} />
        </label>
        <div className="actions">
          <button type="submit">Sign in</button>
          <button
            type="button"
            className="link"
            onClick={() => {
              setSentTo(null);
              setError(null);
            }}
          >
            Use another address
          </button>
        </div>
        <ErrorNote error={error} />
      </Form>
    );
  return (
    <Form
      onSubmit={async ({ email = "" }) => {
        const r = await client.emailOtp.sendVerificationOtp({ email: email.trim(), type: "sign-in" });
        setError(r.error);
        if (!r.error) setSentTo(email.trim());
      }}
    >
      <label>
        Email <input name="email" type="email" required autoComplete="email" />
      </label>
      <button type="submit">Email me a code</button>
      <ErrorNote error={error} />
    </Form>
  );
}
