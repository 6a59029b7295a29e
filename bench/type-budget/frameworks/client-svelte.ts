// The svelte budget: the same client as ../client-all-plugins.tsx, through @gatehouse-auth/svelte, with its
// typed calls and store bindings. The @ts-expect-error lines fail the check if inference degrades to any.
import { adminClient } from "@gatehouse-auth/admin/client";
import { apiKeyClient } from "@gatehouse-auth/api-key/client";
import { organizationClient } from "@gatehouse-auth/organization/client";
import { createAuthClient } from "@gatehouse-auth/svelte";

export const client = createAuthClient({
  baseURL: "http://localhost:3000",
  plugins: [organizationClient(), adminClient(), apiKeyClient()],
});

export async function usage(): Promise<string | undefined> {
  const signedIn = await client.signIn.email({ email: "a@example.com", password: "password-123" });
  if (signedIn.error) return signedIn.error.message;
  const org = await client.organization.create({ name: "Acme", slug: "acme" });
  // @ts-expect-error name is required
  await client.organization.create({ slug: "acme" });
  const users = await client.admin.listUsers({ limit: 10, searchField: "email", searchValue: "a" });
  // @ts-expect-error searchField is "email" or "name"
  await client.admin.listUsers({ searchField: "phone" });
  const key = await client.apiKey.create({ name: "ci" });
  return `${org.data?.createdAt} ${users.data?.total} ${key.data?.key}`;
}

export function profile(): string {
  const session = client.useSession();
  const org = client.useActiveOrganization();
  const orgs = client.useListOrganizations();
  // @ts-expect-error an organization has no `title`
  const wrong = org.current.data?.title;
  return `${session.current.data?.user.name} ${org.current.data?.name} ${orgs.current.data?.map((o) => o.slug).join(",")} ${wrong}`;
}
