import { useState } from "react";
import { client } from "../auth-client.js";
import { navigate } from "../router.js";
import { ErrorNote, Link, formValues } from "../ui.js";

export function SignIn() {
  const [error, setError] = useState<{ message?: string } | null>(null);
  // Either credential works with the same password: email, or a phone number the account has verified.
  const [byPhone, setByPhone] = useState(false);
  return (
    <section className="narrow">
      <h1>Sign in</h1>
      <form
        onSubmit={async (e) => {
          const { email = "", phoneNumber = "", password = "" } = formValues(e);
          const r = byPhone
            ? await client.signIn.phoneNumber({ phoneNumber: phoneNumber.trim(), password })
            : await client.signIn.email({ email, password });
          setError(r.error);
          if (!r.error) navigate("/");
        }}
      >
        {byPhone ? (
          <label>
            Phone number{" "}
            <input name="phoneNumber" type="tel" required autoComplete="tel" placeholder="+1 555 014 2001" />
          </label>
        ) : (
          <label>
            Email <input name="email" type="email" required autoComplete="email" />
          </label>
        )}
        <label>
          Password <input name="password" type="password" required autoComplete="current-password" />
        </label>
        <div className="actions">
          <button type="submit">Sign in</button>
          <button
            type="button"
            className="link"
            onClick={() => {
              setByPhone(!byPhone);
              setError(null);
            }}
          >
            {byPhone ? "Use your email instead" : "Use a phone number instead"}
          </button>
        </div>
        <ErrorNote error={error} />
      </form>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link> · <Link to="/sign-up">Create an account</Link>
      </p>
    </section>
  );
}

export function SignUp() {
  const [error, setError] = useState<{ message?: string } | null>(null);
  return (
    <section className="narrow">
      <h1>Create an account</h1>
      <form
        onSubmit={async (e) => {
          const { name = "", email = "", password = "" } = formValues(e);
          const r = await client.signUp.email({ name, email, password, callbackURL: "/" });
          setError(r.error);
          if (!r.error) navigate("/");
        }}
      >
        <label>
          Name <input name="name" required autoComplete="name" />
        </label>
        <label>
          Email <input name="email" type="email" required autoComplete="email" />
        </label>
        <label>
          Password <input name="password" type="password" required minLength={8} autoComplete="new-password" />
        </label>
        <button type="submit">Sign up</button>
        <ErrorNote error={error} />
      </form>
    </section>
  );
}
