// A server component: it reads the session on the server, so the page arrives already signed in.
import { getSession } from "@gatehouse-auth/core/next";
import { headers } from "next/headers";
import { auth } from "../lib/auth";

export default async function Home() {
  const session = await getSession(auth, await headers());
  if (!session) return <p id="status">Not signed in.</p>;
  return (
    <p id="status">
      Signed in as <strong id="user-name">{session.user.name}</strong> (
      <span id="user-email">{session.user.email}</span>).
    </p>
  );
}
