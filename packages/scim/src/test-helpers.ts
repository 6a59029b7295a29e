// Shared by the tests of this package: an auth with organization (teams on) and scim, served over a real
// node HTTP server on 127.0.0.1, owners who create organizations, and a SCIM client over fetch.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { AuthOptions } from "@gatehouse-auth/core";
import { toNodeHandler } from "@gatehouse-auth/core/node";
import { makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import type { ScimOptions } from "./scim-options.js";
import { scim } from "./scim-plugin.js";

/** A cheap password hasher: tests need no scrypt. */
const cheapPasswords = {
  hash: async (password: string) => `plain:${password}`,
  verify: async ({ hash, password }: { hash: string; password: string }) => hash === `plain:${password}`,
};

/** An auth with both plugins, listening on 127.0.0.1; `close()` stops the server. */
export async function startScimServer(options: ScimOptions = {}, extra: Partial<AuthOptions> = {}, teams = true) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const auth = makeTestAuth({
    baseURL: origin,
    emailAndPassword: { enabled: true, password: cheapPasswords },
    ...extra,
    plugins: [organization({ teams: { enabled: teams, maximumTeams: 50 } }), scim(options), ...(extra.plugins ?? [])],
  });
  server.on("request", toNodeHandler(auth));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { auth, origin, base: `${origin}/api/auth/scim/v2`, close };
}

type ScimServer = Awaited<ReturnType<typeof startScimServer>>;

let counter = 0;
/** A signed-up user who created an organization (its owner) and a SCIM token for it. */
export async function newOrganization(server: ScimServer) {
  const n = ++counter;
  const owner = await signUpUser(server.auth, `owner-${n}-${Date.now()}@example.com`);
  const org = await owner.client.post("/organization/create", { name: `Org ${n}`, slug: `org-${n}-${Date.now()}` });
  if (org.status !== 200) throw new Error(`organization create failed: ${org.status} ${org.text}`);
  const token = await generateToken(owner.client, org.body.id);
  return { owner, organizationId: org.body.id as string, token, scim: scimClient(server.base, token) };
}

/** POST /scim/generate-token as `client`; returns the token. */
export async function generateToken(client: TestClient, organizationId: string, providerId?: string) {
  const r = await client.post("/scim/generate-token", { organizationId, ...(providerId ? { providerId } : {}) });
  if (r.status !== 200) throw new Error(`generate-token failed: ${r.status} ${r.text}`);
  return r.body.scimToken as string;
}

/** One SCIM answer: status, headers and the parsed body (null when empty). */
export interface ScimAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: bodies are asserted field by field
  body: any;
}

/** A SCIM client as an identity provider is: fetch, the bearer token, application/scim+json, no Origin. */
export function scimClient(base: string, token: string | null) {
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const h: Record<string, string> = { accept: "application/scim+json", ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    if (body !== undefined) h["content-type"] = "application/scim+json";
    const res = await fetch(base + path, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null } satisfies ScimAnswer;
  };
  return {
    get: (path: string, headers?: Record<string, string>) => request("GET", path, undefined, headers),
    post: (path: string, body: unknown) => request("POST", path, body),
    put: (path: string, body: unknown) => request("PUT", path, body),
    patch: (path: string, body: unknown) => request("PATCH", path, body),
    delete: (path: string) => request("DELETE", path),
    request,
  };
}

/** A PatchOp body. */
export const patchOp = (...Operations: unknown[]) => ({
  schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
  Operations,
});
