// Type tests, checked by `pnpm typecheck` (tsc fails on an unused @ts-expect-error, so each refusal is
// proven): the composables are typed from the server's plugins, as React's hooks are. Nothing runs.
import { organizationClient } from "@gatehouse-auth/organization/client";
import type { ShallowRef } from "vue";
import { createAuthClient } from "./index.js";

const client = createAuthClient({ plugins: [organizationClient()] });
const plain = createAuthClient();

/** What a component's setup reads. */
export function setup(): unknown[] {
  const session = client.useSession();
  const email: string | undefined = session.value.data?.user.email;
  const pending: boolean = session.value.isPending;
  // @ts-expect-error the ref is read-only
  session.value = { ...session.value };
  const active = client.useActiveOrganization();
  const activeName: string | undefined = active.value.data?.name;
  // @ts-expect-error an organization has no `title`
  const title = active.value.data?.title;
  const list = client.useListOrganizations();
  const slugs: string[] | undefined = list.value.data?.map((o) => o.slug);
  const ref: Readonly<ShallowRef<unknown>> = plain.useSession();
  return [email, pending, activeName, title, slugs, ref];
}

/** The calls are the client core's, typed from the endpoints. */
export async function calls(): Promise<unknown> {
  // @ts-expect-error name is required
  await client.organization.create({ slug: "acme" });
  const created = await client.organization.create({ name: "Acme", slug: "acme" });
  const createdAt: string | undefined = created.data?.createdAt;
  return createdAt;
}
