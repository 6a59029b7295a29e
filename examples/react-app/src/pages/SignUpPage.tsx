import { SignUp } from "@gatehouse-auth/react-ui";
import { afterSignIn } from "../after-sign-in.js";
import { useNext, withNext } from "../next-param.js";

/** /sign-up: the drop-in `<SignUp>`; the verification link brings the user back where they were headed. */
export function SignUpPage() {
  const next = useNext();
  return (
    <section className="auth-page">
      <SignUp onSignedIn={() => afterSignIn(null)} redirectTo={next ?? "/"} signInUrl={withNext("/sign-in", next)} />
    </section>
  );
}
