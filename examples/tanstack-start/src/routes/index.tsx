// The home page: its loader runs the session server function, on the server for the first render.
import { Link, createFileRoute, useRouter } from "@tanstack/react-router";
import { authClient } from "../lib/auth-client";
import { fetchSession } from "../lib/session";

export const Route = createFileRoute("/")({
  loader: () => fetchSession(),
  component: Home,
});

function Home() {
  const session = Route.useLoaderData();
  const router = useRouter();
  if (!session) {
    return (
      <p id="signed-out">
        Not signed in. <Link to="/sign-in">Sign in</Link> or <Link to="/sign-up">sign up</Link>.
      </p>
    );
  }
  return (
    <>
      <p>
        Signed in as <strong id="user-name">{session.user.name}</strong> (
        <span id="user-email">{session.user.email}</span>)
      </p>
      <p>
        <Link to="/dashboard">Dashboard</Link>
      </p>
      <button
        id="sign-out"
        type="button"
        onClick={async () => {
          await authClient.signOut();
          // Runs the loaders again: the session server function now finds no session.
          await router.invalidate();
        }}
      >
        Sign out
      </button>
    </>
  );
}
