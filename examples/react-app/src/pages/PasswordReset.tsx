import { useState } from "react";
import { client } from "../auth-client.js";
import { navigate } from "../router.js";
import { ErrorNote, Form, Link } from "../ui.js";

export function ForgotPassword() {
  const [sent, setSent] = useState(false);
  return (
    <section className="narrow">
      <h1>Reset your password</h1>
      {sent ? (
        <p role="status">
          If that address has an account, a reset link is on its way — see the <Link to="/mailbox">mailbox</Link>.
        </p>
      ) : (
        <Form
          onSubmit={async ({ email = "" }) => {
            await client.requestPasswordReset({ email, redirectTo: "/reset-password" });
            setSent(true);
          }}
        >
          <label>
            Email <input name="email" type="email" required />
          </label>
          <button type="submit">Send reset link</button>
        </Form>
      )}
    </section>
  );
}

export function ResetPassword() {
  const params = new URLSearchParams(location.search);
  const token = params.get("token");
  const [error, setError] = useState<{ message?: string } | null>(
    params.get("error") ? { message: "This reset link is invalid or has expired." } : null,
  );
  if (!token) return <ErrorNote error={error ?? { message: "This reset link is invalid or has expired." }} />;
  return (
    <section className="narrow">
      <h1>Choose a new password</h1>
      <Form
        onSubmit={async ({ newPassword = "" }) => {
          const r = await client.resetPassword({ token, newPassword });
          setError(r.error);
          // The sign-in page says the password changed, so the user knows the next step.
          if (!r.error) navigate("/sign-in?reset=1");
        }}
      >
        <label>
          New password <input name="newPassword" type="password" required minLength={8} />
        </label>
        <button type="submit">Set password</button>
        <ErrorNote error={error} />
      </Form>
    </section>
  );
}
