// An app route handler that needs the signed-in user.
import { getSession } from "@gatehouse-auth/core/next";
import { auth } from "../../../lib/auth";

export async function GET(request: Request): Promise<Response> {
  const session = await getSession(auth, request.headers);
  if (!session) return Response.json({ error: "Sign in first" }, { status: 401 });
  return Response.json({ id: session.user.id, email: session.user.email, name: session.user.name });
}
