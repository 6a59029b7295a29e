import { useState } from "react";
import { client } from "../auth-client.js";
import { useSearchParams } from "../router.js";
import { type ApiError, ErrorNote, Form, Link } from "../ui.js";

/**
 * Sign-in through the organization's identity provider: the work address picks the connection whose
 * verified domain covers it; the browser goes to the IdP and comes back to /signed-in with a session, or
 * here with `?error=<code>` (an unverified domain, a refused response…).
 */
export function SsoSignIn() {
  const [error, setError] = useState<ApiError>(null);
  const returned = useSearchParams().get("error");
  return (
    <section className="narrow">
      <h1>Single sign-on</h1>
      <p className="muted">Your organization signs you in with its own identity provider (Okta, Entra, Google…).</p>
      {returned && <ErrorNote error={{ message: `Single sign-on did not complete (${returned}).` }} />}
      <ErrorNote error={error} />
      <Form
        onSubmit={async ({ email = "" }) => {
          // The client follows the answer's `url` to the identity provider.
          const r = await client.signIn.sso({
            email,
            callbackURL: "/signed-in",
            errorCallbackURL: "/sign-in/sso",
          });
          setError(r.error);
        }}
      >
        <label>
          Work email <input name="email" type="email" required autoComplete="email" />
        </label>
        <button type="submit">Continue</button>
      </Form>
      <p>
        <Link to="/sign-in">Other ways to sign in</Link>
      </p>
    </section>
  );
}
