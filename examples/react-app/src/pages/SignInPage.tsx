import { SignIn } from "@gatehouse-auth/react-ui";
import { useNext, withNext } from "../next-param.js";
import { Link } from "../ui.js";

/**
 * /sign-in: the drop-in `<SignIn>` (password by email or username, email link, email code, passkey, and
 * the second step in place), then the app's own finish on /signed-in.
 * Phone and single sign-on are this app's own pages: the component has no form for them yet.
 */
export function SignInPage() {
  const next = useNext();
  return (
    <section className="auth-page">
      <SignIn
        // Every way in ends on /signed-in (a page load), which finishes the sign-in: the user's
        // organization made active, back to `?next=`. Not `onSignedIn`: <SignIn> passes its props on to
        // its password form, where an `onSignedIn` replaces the check for the second step.
        redirectTo={withNext("/signed-in", next)}
        signUpUrl={withNext("/sign-up", next)}
        forgotPasswordUrl="/forgot-password"
      />
      <p className="auth-more">
        <Link to={withNext("/sign-in/phone", next)}>Sign in with a phone number</Link> ·{" "}
        <Link to="/sign-in/sso">Use your company's single sign-on</Link>
      </p>
    </section>
  );
}
