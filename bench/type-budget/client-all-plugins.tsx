// What CI type-checks under a budget: a React client with the organization, admin and API-key
// plugins, a few typed calls and hooks — the code a frontend developer writes.
import { adminClient } from "@gatehouse/admin/client";
import { apiKeyClient } from "@gatehouse/api-key/client";
import { organizationClient } from "@gatehouse/organization/client";
import { createAuthClient } from "@gatehouse/react";

export const client = createAuthClient({
  baseURL: "http://localhost:3000",
  plugins: [organizationClient(), adminClient(), apiKeyClient()],
});

export async function usage(): Promise<string | undefined> {
  const signedIn = await client.signIn.email({ email: "a@example.com", password: "password-123" });
  if (signedIn.error) return signedIn.error.message;
  const session = await client.getSession();
  await client.organization.create({ name: "Acme", slug: "acme" });
  await client.organization.inviteMember({ email: "b@example.com", role: "member" });
  await client.admin.listUsers({ limit: 10 });
  await client.apiKey.create({ name: "ci" });
  return session.data?.user.email;
}

export function Profile(): string {
  const { data } = client.useSession();
  const org = client.useActiveOrganization();
  return `${data?.user.name ?? ""} ${org.data?.name ?? ""}`;
}
