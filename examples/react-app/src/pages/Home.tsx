import { client } from "../auth-client.js";
import { useSearchParams } from "../router.js";
import { Link, OkNote } from "../ui.js";

export function Home() {
  const { data } = client.useSession();
  const deleted = useSearchParams().get("deleted") !== null;
  if (!data)
    return (
      <section>
        <h1>Welcome</h1>
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
      <ul>
        <li>
          <Link to="/account">Profile, username, password, email, two-factor, sessions</Link>
        </li>
        <li>
          <Link to="/phone">Phone number</Link>
        </li>
        <li>
          <Link to="/organizations">Organizations, members, invitations and teams</Link>
        </li>
        <li>
          <Link to="/api-keys">API keys</Link>
        </li>
        <li>
          <a href="/api/auth/reference">API reference</a>
        </li>
      </ul>
    </section>
  );
}
