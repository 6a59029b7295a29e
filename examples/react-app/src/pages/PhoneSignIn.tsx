import { useState } from "react";
import { afterSignIn } from "../after-sign-in.js";
import { client } from "../auth-client.js";
import { useNext, withNext } from "../next-param.js";
import { type ApiError, ErrorNote, Form, Link } from "../ui.js";

/**
 * /sign-in/phone: a verified phone number and the password. `<SignIn>` has no phone form yet, so this
 * form stays the app's own; a sign-in held for a second factor goes to /two-factor (afterSignIn).
 */
export function PhoneSignIn() {
  const next = useNext();
  const [error, setError] = useState<ApiError>(null);
  return (
    <section className="auth-page">
      <div className="card">
        <h1>Sign in with your phone</h1>
        <Form
          onSubmit={async ({ phoneNumber = "", password = "" }) => {
            const r = await client.signIn.phoneNumber({ phoneNumber: phoneNumber.trim(), password });
            setError(r.error);
            if (!r.error) await afterSignIn(r.data);
          }}
        >
          <label>
            Phone number{" "}
            <input name="phoneNumber" type="tel" required autoComplete="tel" placeholder="+1 555 014 2001" />
          </label>
          <label>
            Password <input name="password" type="password" required autoComplete="current-password" />
          </label>
          <button type="submit">Sign in</button>
          <p className="muted">Works once the number is verified on your account (see the Phone page).</p>
          <ErrorNote error={error} />
        </Form>
        <p>
          <Link to={withNext("/sign-in", next)}>Other ways to sign in</Link>
        </p>
      </div>
    </section>
  );
}
