// Type tests, checked by `pnpm typecheck` (tsc fails on an unused @ts-expect-error, so each refusal is
// proven): the stores are typed from the server's plugins, as React's hooks are. Nothing runs.
import { organizationClient } from "@gatehouse-auth/organization/client";
import type { Readable } from "svelte/store";
import { createAuthClient } from "./index.js";

const client = createAuthClient({ plugins: [organizationClient()] });

/** What a component's script reads, as runes (`.current`) and as Svelte stores. */
export function component(): unknown[] {
  const session = client.useSession();
  const email: string | undefined = session.current.data?.user.email;
  // @ts-expect-error current is read-only
  session.current = { ...session.current };
  const active = client.useActiveOrganization();
  const activeName: string | undefined = active.current.data?.name;
  // @ts-expect-error an organization has no `title`
  const title = active.current.data?.title;
  const list = client.useListOrganizations();
  const slugs: string[] | undefined = list.current.data?.map((o) => o.slug);
  // Both the composable's result and the raw store fit Svelte's store contract (`$session` in markup).
  const asStore: Readable<{ isPending: boolean }> = session;
  const raw: Readable<{ isPending: boolean }> = client.$session;
  return [email, activeName, title, slugs, asStore, raw];
}

/** The calls are the client core's, typed from the endpoints. */
export async function calls(): Promise<unknown> {
  // @ts-expect-error name is required
  await client.organization.create({ slug: "acme" });
  const created = await client.organization.create({ name: "Acme", slug: "acme" });
  const createdAt: string | undefined = created.data?.createdAt;
  return createdAt;
}
