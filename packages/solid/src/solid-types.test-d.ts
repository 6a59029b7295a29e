// Type tests, checked by `pnpm typecheck` (tsc fails on an unused @ts-expect-error, so each refusal is
// proven): the signals are typed from the server's plugins, as React's hooks are. Nothing runs.
import { organizationClient } from "@gatehouse-auth/organization/client";
import type { Accessor } from "solid-js";
import { createAuthClient } from "./index.js";

const client = createAuthClient({ plugins: [organizationClient()] });
const plain = createAuthClient();

/** What a component reads. */
export function component(): unknown[] {
  const session = client.useSession();
  const email: string | undefined = session().data?.user.email;
  const pending: boolean = session().isPending;
  const active = client.useActiveOrganization();
  const activeName: string | undefined = active().data?.name;
  // @ts-expect-error an organization has no `title`
  const title = active().data?.title;
  const list = client.useListOrganizations();
  const slugs: string[] | undefined = list().data?.map((o) => o.slug);
  const signal: Accessor<unknown> = plain.useSession();
  return [email, pending, activeName, title, slugs, signal];
}

/** The calls are the client core's, typed from the endpoints. */
export async function calls(): Promise<unknown> {
  // @ts-expect-error name is required
  await client.organization.create({ slug: "acme" });
  const created = await client.organization.create({ name: "Acme", slug: "acme" });
  const createdAt: string | undefined = created.data?.createdAt;
  return createdAt;
}
