import { useEffect, useState } from "react";
import { afterSignIn, pendingNext, rememberNext, sameOriginPath } from "../after-sign-in.js";
import { client } from "../auth-client.js";
import { useSearchParams } from "../router.js";
import { type ApiError, ErrorNote, Form, Link } from "../ui.js";
import { SignInMethods } from "./SignInMethods.js";
import { PasskeySignInButton } from "./Passkeys.js";

/** `to` carrying the page to return to after sign-in/up (an invitation), if one is pending. */
function withNext(to: string): string {
  const next = pendingNext();
  return next ? `${to}?next=${encodeURIComponent(next)}` : to;
}

/**
 * Remembers `?next=` (or a same-origin `?callbackURL=`, as the dashboard's redirect sends) from the URL
 * for after the sign-in (it survives the two-factor step).
 */
function useNextParam(): void {
  const params = useSearchParams();
  const next = params.get("next") ?? sameOriginPath(params.get("callbackURL"));
  useEffect(() => rememberNext(next), [next]);
}

export function SignIn() {
  useNextParam();
  const reset = useSearchParams().get("reset") !== null;
  return (
    <section className="narrow">
      <h1>Sign in</h1>
      {reset && (
        <p className="ok" role="status">
          Password changed: sign in with your new password.
        </p>
      )}
      <SignInMethods />
      <PasskeySignInButton />
      {/* Organizations with an identity provider (the sso plugin): by the work address's domain. */}
      <p>
        <Link to="/sign-in/sso">Use your company's single sign-on</Link>
      </p>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link> · No account yet?{" "}
        <Link to={withNext("/sign-up")}>Create one</Link>
      </p>
    </section>
  );
}

export function SignUp() {
  useNextParam();
  const [error, setError] = useState<ApiError>(null);
  const [usernameNote, setUsernameNote] = useState<string | null>(null);
  return (
    <section className="narrow">
      <h1>Create an account</h1>
      <Form
        onSubmit={async ({ name = "", email = "", password = "", username = "" }) => {
          // The verification link brings the user back where they were headed (an invitation).
          const next = pendingNext() ?? "/";
          const r = await client.signUp.email({
            name,
            email,
            password,
            callbackURL: next,
            ...(username.trim() ? { username: username.trim() } : {}),
          });
          setError(r.error);
          if (!r.error) await afterSignIn(r.data);
        }}
      >
        <label>
          Name <input name="name" required autoComplete="name" />
        </label>
        <label>
          Email <input name="email" type="email" required autoComplete="email" />
        </label>
        <label>
          Username (optional){" "}
          <input
            name="username"
            autoComplete="username"
            minLength={3}
            maxLength={30}
            pattern="[A-Za-z0-9_.]+"
            title="Letters, digits, dots and underscores"
            onBlur={async (e) => {
              const value = e.currentTarget.value.trim();
              if (!value) return setUsernameNote(null);
              const r = await client.isUsernameAvailable({ username: value });
              setUsernameNote(
                r.error ? (r.error.message ?? null) : r.data?.available ? null : "That username is taken.",
              );
            }}
          />
        </label>
        {usernameNote && <p className="warn">{usernameNote}</p>}
        <label>
          Password <input name="password" type="password" required minLength={8} autoComplete="new-password" />
        </label>
        <button type="submit">Sign up</button>
        <ErrorNote error={error} />
      </Form>
      <p>
        Already have an account? <Link to={withNext("/sign-in")}>Sign in</Link>
      </p>
    </section>
  );
}
