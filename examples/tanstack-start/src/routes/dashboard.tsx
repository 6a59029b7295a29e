// A protected page: the loader reads the session on the server and a signed-out visitor is redirected
// before anything renders.
import { Link, createFileRoute, redirect } from "@tanstack/react-router";
import { fetchSession } from "../lib/session";

export const Route = createFileRoute("/dashboard")({
  loader: async () => {
    const session = await fetchSession();
    if (!session) throw redirect({ to: "/sign-in", statusCode: 303 });
    return session;
  },
  component: Dashboard,
});

function Dashboard() {
  const { user, expiresAt } = Route.useLoaderData();
  return (
    <>
      <h1>Dashboard</h1>
      <p>
        Name: <span id="dashboard-name">{user.name}</span>
      </p>
      <p>
        Email: <span id="dashboard-email">{user.email}</span>
      </p>
      <p>
        Session expires: <span id="dashboard-expires">{expiresAt}</span>
      </p>
      <p>
        <Link to="/">Home</Link>
      </p>
    </>
  );
}
