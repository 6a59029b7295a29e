// Issue 26's credential-kind matrix: every session-reading route of an auth, called with every kind of
// credential, each request built to pass the route's validation, and each answer compared with what
// `ROUTE_CREDENTIALS` (written by hand) says the kind may do. Used on SQLite and on PostgreSQL + Redis.
import { signCookieValue } from "@gatehouse-auth/core";
import type { Auth, EndpointConfig } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import type { RouteCredentials } from "./route-credentials.js";
import { sampleRequest } from "./sample-request.js";

/** The kinds under test, in the order they are sent (the user's own sessions last: they may end things). */
export const MATRIX_KINDS = [
  "api-key",
  "organization key",
  "api-key with the route's permission",
  "JWT from /token",
  "expired session",
  "revoked session",
  "impersonation",
  "bearer session",
  "cookie session",
] as const;
export type MatrixKind = (typeof MATRIX_KINDS)[number];

/** What an answer to a kind must be: refused for its kind, treated as no credential, or served. */
export type Verdict = "refused" | "anonymous" | "served";

/** The verdict `expected` gives `kind` (the table's word, never the route's own config). */
export function verdictOf(kind: MatrixKind, expected: RouteCredentials): Verdict {
  switch (kind) {
    case "cookie session":
    case "bearer session":
      return "served";
    case "impersonation":
      return expected.accepts === "own-session" ? "refused" : "served";
    case "api-key":
      return expected.accepts === "any" ? "served" : "refused";
    case "organization key":
      // An organization's key stands for no user: refused everywhere, get-session (`any`) included.
      return "refused";
    case "api-key with the route's permission":
      return expected.accepts === "any" || (expected.accepts === "user" && expected.permission) ? "served" : "refused";
    default:
      // Neither a JWT nor a dead session authenticates: the request is as if nothing were sent.
      return "anonymous";
  }
}

type Schema = Record<string, unknown>;
type Operation = Parameters<typeof sampleRequest>[1];
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

/** A route of the table: its key (`METHOD /path`), one HTTP method to call, and its config. */
export interface MatrixRoute {
  key: string;
  method: string;
  config: EndpointConfig;
}

/**
 * Every session-reading route of `auth` reachable over HTTP (and get-session, which reads the session
 * itself), keyed like the table. `serverOnly` routes (set-password) have no HTTP caller to refuse.
 */
export function sessionRoutes(auth: Auth): MatrixRoute[] {
  return Object.values(auth.$context.endpoints)
    .filter((e) => (e.config.session || e.config.credentials) && !e.config.serverOnly)
    .map((e) => {
      const method = Array.isArray(e.config.method) ? e.config.method : [e.config.method];
      return { key: `${method.join(",")} ${e.config.path}`, method: method[0]!, config: e.config };
    });
}

/** Users made without a password hash of their own: they share one made by a real sign-up. */
export interface MatrixFixtures {
  auth: Auth;
  password: string;
  /** The stored password hash of a signed-up template user, given to every user the matrix makes. */
  passwordHash: string;
  adminId: string;
  document: Document;
}

let counter = 0;

/** Signs one template user and one admin up, and reads the OpenAPI document once. */
export async function prepareMatrix(auth: Auth): Promise<MatrixFixtures> {
  const password = "matrix-password-123";
  const client = createTestClient(auth);
  const signUp = await client.post("/sign-up/email", {
    name: "T",
    email: `template-${Date.now()}@example.com`,
    password,
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${signUp.text}`);
  const account = await auth.$context.adapter.findOne<{ password: string }>({
    model: "account",
    where: [{ field: "userId", value: signUp.body.user.id }],
  });
  const fixtures = { auth, password, passwordHash: account!.password, adminId: "", document: {} as Document };
  fixtures.adminId = await newUser(fixtures, "admin");
  const doc = await client.get("/open-api/generate-schema");
  fixtures.document = doc.body as Document;
  return fixtures;
}

/** A user with the shared password (verified address), straight into the tables: no scrypt per user. */
async function newUser(f: MatrixFixtures, role?: string): Promise<string> {
  const { auth } = f;
  const now = new Date(auth.$context.now());
  const email = `matrix-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const data: Record<string, unknown> = { name: "Matrix", email, emailVerified: true, createdAt: now, updatedAt: now };
  if (role) data.role = role;
  const user = await auth.$context.users.create(data);
  await auth.$context.accounts.create({
    userId: user.id,
    accountId: user.id,
    providerId: "credential",
    password: f.passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  return user.id;
}

/** A new stored session of `userId`, as its bare token (and its id). */
async function newSession(f: MatrixFixtures, userId: string): Promise<string> {
  return (await newSessionRow(f, userId)).token;
}

async function newSessionRow(f: MatrixFixtures, userId: string): Promise<{ id: string; token: string }> {
  const { auth } = f;
  const user = await auth.$context.users.findById(userId);
  const created = await auth.$context.sessions.create(auth.$context.db, user!, {});
  return created.session;
}

const cookieOf = (f: MatrixFixtures, token: string) =>
  `${f.auth.$context.cookies.sessionToken}=${encodeURIComponent(signCookieValue(f.auth.$context.secret, token))}`;
const bearerOf = (f: MatrixFixtures, token: string) => `Bearer ${signCookieValue(f.auth.$context.secret, token)}`;
const jarHeader = (client: TestClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

/** The headers each kind sends for `route`: fresh users and sessions, so no call can spoil another. */
async function callersFor(f: MatrixFixtures, route: MatrixRoute): Promise<Record<MatrixKind, Record<string, string>>> {
  const { auth } = f;
  const api = auth.api as unknown as Record<string, (i: unknown) => Promise<{ key: string }>>;
  // The kinds that read or are refused share one user; each kind that may end things has its own.
  const [reader, bearerUser, impersonated] = await Promise.all([newUser(f), newUser(f), newUser(f)]);
  const needed = route.config.apiKeyPermission;
  const permissions = needed
    ? { [needed.resource]: [needed.action] }
    : { organization: ["read", "write", "delete"], user: ["read", "write"] };
  const plain = await api.createApiKey!({ body: { userId: reader } });
  // An organization's key (the reader owns the organization), with every permission the route could ask.
  const org = (await api.createOrganization!({
    body: { name: "Matrix", slug: `matrix-${++counter}-${Date.now()}`, userId: reader },
  })) as unknown as { id: string };
  const orgKey = await api.createApiKey!({ body: { userId: reader, organizationId: org.id, permissions } });
  const wide = await api.createApiKey!({ body: { userId: reader, permissions, rateLimitEnabled: false } });
  const readerToken = await newSession(f, reader);
  const jwt = await createTestClient(auth).get("/token", { headers: { cookie: cookieOf(f, readerToken) } });
  if (jwt.status !== 200) throw new Error(`/token: ${jwt.status} ${jwt.text}`);
  const expired = await newSessionRow(f, reader);
  await auth.$context.adapter.update({
    model: "session",
    where: [{ field: "id", value: expired.id }],
    update: { expiresAt: new Date(auth.$context.now() - 1000) },
  });
  const freshReader = await newSession(f, reader);
  const revoked = await newSession(f, reader);
  await auth.$context.sessions.deleteByToken(revoked);
  // The admin plugin's own way in: an admin session impersonates the user (its cookies then stand for both).
  const boss = createTestClient(auth);
  boss.cookies.set(auth.$context.cookies.sessionToken, cookieOf(f, await newSession(f, f.adminId)).split("=")[1]!);
  const impersonation = await boss.post("/admin/impersonate-user", { userId: impersonated });
  if (impersonation.status !== 200) throw new Error(`impersonate: ${impersonation.status} ${impersonation.text}`);
  return {
    "api-key": { "x-api-key": plain.key },
    "organization key": { "x-api-key": orgKey.key },
    "api-key with the route's permission": { "x-api-key": wide.key },
    "JWT from /token": { authorization: `Bearer ${jwt.body.token}` },
    "expired session": { cookie: cookieOf(f, expired.token) },
    "revoked session": { authorization: bearerOf(f, revoked) },
    impersonation: { cookie: jarHeader(boss) },
    "bearer session": { authorization: bearerOf(f, await newSession(f, bearerUser)) },
    "cookie session": { cookie: cookieOf(f, freshReader) },
  };
}

/** A request body and query for a route whose schema alone does not make one the route accepts. */
export interface RouteFixture {
  body?: unknown;
  query?: Record<string, string>;
}

/** A request the route's validation accepts, from its OpenAPI operation (zod schema) and `fixtures`. */
export function requestFor(f: MatrixFixtures, route: MatrixRoute, fixtures: Readonly<Record<string, RouteFixture>>) {
  const docPath = route.config.path.replace(/:(\w+)/g, "{$1}");
  const op = f.document.paths[docPath]?.[route.method.toLowerCase()];
  if (!op) throw new Error(`${route.key} is not in the OpenAPI document`);
  const sample = sampleRequest(docPath, op, f.document.components.schemas, f.password);
  const fixture = fixtures[route.key] ?? {};
  return { path: sample.path, query: fixture.query ?? sample.query, body: fixture.body ?? sample.body };
}

/** One answer as the matrix records it. */
interface Answer {
  status: number;
  code?: string;
  /** A redirect's target without its query: a code sent to a client and a sign-in page are both 302. */
  location?: string;
}

// A served kind got past the session, the credential check and validation: none of these may answer.
const NOT_SERVED = ["UNAUTHORIZED", "CREDENTIAL_NOT_ALLOWED", "SESSION_NOT_FRESH", "VALIDATION_ERROR"];

const describe = (a: Answer) => `${a.status}${a.code ? ` ${a.code}` : ""}${a.location ? ` → ${a.location}` : ""}`;

/**
 * Calls `route` with every kind and returns what disagrees with `expected` (empty when all agree):
 * refused kinds must get 403 `CREDENTIAL_NOT_ALLOWED`, or the anonymous answer where the authenticator
 * does not even run (the api-key plugin reads no key on its own routes); a JWT, an expired or a revoked session must be
 * answered exactly as no credential is; served kinds must pass the credential check, the session check
 * and validation (no 401, no `CREDENTIAL_NOT_ALLOWED`, no `SESSION_NOT_FRESH`, no `VALIDATION_ERROR`),
 * and nothing may answer a 5xx.
 */
export async function checkRoute(
  f: MatrixFixtures,
  route: MatrixRoute,
  expected: RouteCredentials,
  fixtures: Readonly<Record<string, RouteFixture>>,
): Promise<string[]> {
  const req = requestFor(f, route, fixtures);
  const send = async (headers: Record<string, string>): Promise<Answer> => {
    const body = route.method === "GET" ? undefined : (req.body ?? {});
    const r = await createTestClient(f.auth).request(route.method, req.path, body, { headers, query: req.query });
    const location = r.headers.get("location")?.split("?")[0];
    return { status: r.status, code: (r.body as { code?: string } | null)?.code, ...(location ? { location } : {}) };
  };
  const callers = await callersFor(f, route);
  const offences: string[] = [];
  const anonymous = await send({});
  for (const kind of MATRIX_KINDS) {
    const answer = await send(callers[kind]);
    const verdict = verdictOf(kind, expected);
    const asAnonymous = describe(answer) === describe(anonymous);
    const wrong =
      answer.status >= 500 ||
      (verdict === "refused" && !(answer.code === "CREDENTIAL_NOT_ALLOWED" && answer.status === 403) && !asAnonymous) ||
      (verdict === "anonymous" && !asAnonymous) ||
      (verdict === "served" && NOT_SERVED.includes(answer.code ?? ""));
    const shouldBe = verdict === "anonymous" ? `as anonymous (${describe(anonymous)})` : verdict;
    if (wrong) offences.push(`${route.key} with ${kind}: ${describe(answer)}, expected ${shouldBe}`);
  }
  return offences;
}
