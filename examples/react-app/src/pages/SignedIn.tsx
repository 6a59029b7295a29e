import { useEffect } from "react";
import { afterSignIn, rememberNext } from "../after-sign-in.js";
import { client } from "../auth-client.js";
import { useSearchParams } from "../router.js";
import { Link } from "../ui.js";

/**
 * Where a mailed sign-in link lands: the session is already set, so this finishes the sign-in as the
 * forms do (an organization made active, back to `?next=`).
 */
export function SignedIn() {
  const next = useSearchParams().get("next");
  const { data } = client.useSession();
  const signedIn = Boolean(data);
  useEffect(() => {
    if (!signedIn) return;
    rememberNext(next);
    void afterSignIn(null);
  }, [signedIn, next]);
  if (!signedIn)
    return (
      <p>
        You are not signed in. <Link to="/sign-in">Sign in</Link>
      </p>
    );
  return <p className="muted">Signing you in…</p>;
}
