// What CI type-checks under a budget: a React client with the organization, admin and API-key
// plugins, a few typed calls and hooks — the code a frontend developer writes. The @ts-expect-error
// lines prove the calls are typed from the server's endpoints: if inference degraded to `any`, they
// would stop being errors and the check would fail.
import { adminClient } from "@gatehouse-auth/admin/client";
import { apiKeyClient } from "@gatehouse-auth/api-key/client";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { createAuthClient } from "@gatehouse-auth/react";

export const client = createAuthClient({
  baseURL: "http://localhost:3000",
  plugins: [organizationClient(), adminClient(), apiKeyClient()],
});

export async function usage(): Promise<string | undefined> {
  const signedIn = await client.signIn.email({ email: "a@example.com", password: "password-123" });
  if (signedIn.error) return signedIn.error.message;
  const session = await client.getSession();
  const org = await client.organization.create({ name: "Acme", slug: "acme" });
  const created: string | undefined = org.data?.createdAt; // dates arrive as ISO strings
  // @ts-expect-error name is required
  await client.organization.create({ slug: "acme" });
  await client.organization.inviteMember({ email: "b@example.com", role: "member" });
  const users = await client.admin.listUsers({ limit: 10, searchField: "email", searchValue: "a" });
  const total: number | undefined = users.data?.total;
  // @ts-expect-error searchField is "email" or "name"
  await client.admin.listUsers({ searchField: "phone" });
  const key = await client.apiKey.create({ name: "ci" });
  const secret: string | undefined = key.data?.key;
  // @ts-expect-error the name is a string
  await client.apiKey.create({ name: 1 });
  return `${session.data?.user.email} ${created} ${total} ${secret}`;
}

export function Profile(): string {
  const { data } = client.useSession();
  const org = client.useActiveOrganization();
  const orgs = client.useListOrganizations();
  // @ts-expect-error an organization has no `title`
  const wrong = org.data?.title;
  return `${data?.user.name ?? ""} ${org.data?.name ?? ""} ${orgs.data?.map((o) => o.slug).join(",")} ${wrong}`;
}
