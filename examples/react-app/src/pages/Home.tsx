import { client } from "../auth-client.js";
import { useSearchParams } from "../router.js";
import { Link, OkNote } from "../ui.js";

export function Home() {
  const { data } = client.useSession();
  const deleted = useSearchParams().get("deleted") !== null;
  if (!data)
    return (
      <section>
        <h1>Welcome to Gatehouse Notes</h1>
        <OkNote note={deleted ? "Your account was deleted." : null} />
        <p>
          <Link to="/sign-up">Create an account</Link> or <Link to="/sign-in">sign in</Link>. Emails and texts the app
          sends land in the <Link to="/mailbox">dev mailbox</Link>.
        </p>
      </section>
    );
  const { user } = data;
  return (
    <section>
      <h1 data-testid="greeting">Hello, {user.name}</h1>
      <p>
        Signed in as <strong>{user.email}</strong> —{" "}
        {user.emailVerified ? (
          <span className="ok" data-testid="verified">
            email verified
          </span>
        ) : (
          <span className="warn" data-testid="unverified">
            email not verified yet: open the <Link to="/mailbox">mailbox</Link>{" "}
            <button
              type="button"
              className="link"
              onClick={() => client.sendVerificationEmail({ email: user.email, callbackURL: "/" })}
            >
              (send again)
            </button>
          </span>
        )}
      </p>
      <ul className="tiles">
        <li>
          <Link to="/account">
            <strong>Account settings</strong>
            <span className="muted">Profile, email, password, two-step verification, passkeys, devices, API keys</span>
          </Link>
        </li>
        <li>
          <Link to="/organizations">
            <strong>Organization</strong>
            <span className="muted">Members, invitations, teams and single sign-on</span>
          </Link>
        </li>
        <li>
          <Link to="/phone">
            <strong>Phone number</strong>
            <span className="muted">Verify a number by text message, then sign in with it</span>
          </Link>
        </li>
        <li>
          <Link to="/security">
            <strong>Security log</strong>
            <span className="muted">Your sign-ins, the refused ones included</span>
          </Link>
        </li>
        <li>
          <a href="/api/auth/reference">
            <strong>API reference</strong>
            <span className="muted">Every route of the auth server</span>
          </a>
        </li>
      </ul>
    </section>
  );
}
