// The OpenAPI document against what the captcha and password-check hooks really do: each lists its
// header and errors on exactly the operations it guards, and a request to every operation of the
// document is refused by a hook exactly where the document says so.
import { AuthError, defineErrors, definePlugin, type Plugin } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { PASSWORD_ROUTES, passwordCheck } from "../src/index.js";
import { allPlugins } from "./all-plugins.js";
import { sampleRequest } from "./sample-request.js";

type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  responses: Record<string, { content?: { "application/json"?: { schema: Record<string, unknown> } } }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

const PROBE_ERRORS = defineErrors({ PROBE_REACHED: { status: 409, message: "The before hooks were reached" } });
const PROBE = "x-probe";

/**
 * Installed last: refuses every request that sends `x-probe` once the earlier before hooks have let
 * it through. So a probed request answers a guarding hook's code, PROBE_REACHED (no hook refused it),
 * or something else (it did not get that far) — and no endpoint ever runs.
 */
const probe = definePlugin({
  id: "probe",
  errors: PROBE_ERRORS,
  hooks: {
    before: [
      {
        run: (ctx) => {
          if (ctx.headers.get(PROBE)) throw new AuthError(PROBE_ERRORS.PROBE_REACHED);
        },
      },
    ],
  },
});

/** A common password core's length rule accepts, so password-check is the one to refuse it. */
const COMMON = "qwertyuiop";
const STRONG = "violet-Tractor-umbrella-93!";

function operations(doc: Document): { key: string; path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
  );
}

const codesOf = (op: Operation) =>
  Object.values(op.responses).flatMap(
    (r) =>
      ((r.content?.["application/json"]?.schema.properties as { code?: { enum?: string[] } } | undefined)?.code?.enum ??
        []) as string[],
  );

/** An auth with `plugins`, the probe last, and an admin signed in (cookie in the returned client). */
async function setUp(plugins: readonly Plugin[]) {
  const auth = makeTestAuth({ emailAndPassword: { enabled: true }, plugins: [...plugins, probe] });
  // Server-side: `auth.api` calls are not asked for a captcha token.
  const email = `admin-${Math.random().toString(36).slice(2)}@example.com`;
  const signedUp = (await auth.api.signUpEmail({
    body: { name: "Admin", email, password: STRONG },
    asResponse: true,
  } as never)) as Response;
  expect(signedUp.status).toBe(200);
  const { user } = (await signedUp.json()) as { user: { id: string } };
  await auth.$context.users.update(user.id, { role: "admin" });
  const client = createTestClient(auth);
  for (const line of signedUp.headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    client.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  expect((await client.get("/get-session")).body?.user?.id).toBe(user.id);
  const doc = (await client.get("/open-api/generate-schema")).body as Document;
  return { auth, client, doc };
}

/** Sends a valid-looking request to every operation with `x-probe`; the code each answered, by operation. */
async function probeAll(
  client: ReturnType<typeof createTestClient>,
  doc: Document,
  password: string,
): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  for (const { key, path, method, op } of operations(doc)) {
    const sample = sampleRequest(path, op, doc.components.schemas, password);
    const r = await client.request(method.toUpperCase(), sample.path, method === "get" ? undefined : sample.body, {
      headers: { [PROBE]: "1" },
      query: sample.query,
    });
    answers.set(key, String(r.body?.code ?? r.status));
  }
  return answers;
}

/** Operations whose answers disagree with the document about `codes`, and how many reached the hooks. */
function compare(answers: Map<string, string>, documented: Set<string>, codes: readonly string[]) {
  const disagreements: string[] = [];
  let reached = 0;
  for (const [key, code] of answers) {
    const refused = codes.includes(code);
    if (refused || code === "PROBE_REACHED") reached++;
    if (refused && !documented.has(key)) disagreements.push(`${key} answered ${code}, not documented`);
    // A documented guard must be seen to fire: an operation the probe could not reach fails too.
    if (!refused && documented.has(key)) disagreements.push(`${key} documents ${codes.join("/")} but answered ${code}`);
  }
  return { disagreements, reached };
}

describe("captcha in the OpenAPI document", () => {
  const ready = setUp(allPlugins({ emailOtps: new Map(), phoneCodes: new Map() }));
  const CAPTCHA_CODES = ["MISSING_CAPTCHA_RESPONSE", "CAPTCHA_VERIFICATION_FAILED", "CAPTCHA_SERVICE_UNAVAILABLE"];

  it("lists x-captcha-response and the captcha errors on exactly the guarded operations", async () => {
    const { doc } = await ready;
    const all = operations(doc);
    const withHeader = all.filter(({ op }) =>
      op.parameters?.some((p) => p.in === "header" && p.name === "x-captcha-response" && p.required),
    );
    expect(withHeader.map((o) => o.key).sort()).toEqual([
      "POST /forget-password",
      "POST /request-password-reset",
      "POST /sign-in/email",
      "POST /sign-up/email",
    ]);
    for (const { op } of withHeader) {
      expect(op.responses[400]?.content?.["application/json"]?.schema.properties).toMatchObject({
        code: { enum: expect.arrayContaining(["MISSING_CAPTCHA_RESPONSE"]) },
      });
      expect(codesOf(op)).toEqual(expect.arrayContaining(CAPTCHA_CODES));
    }
    const others = all.filter((o) => !withHeader.includes(o));
    expect(others.length).toBeGreaterThan(100);
    expect(others.filter((o) => /captcha/i.test(JSON.stringify(o.op))).map((o) => o.key)).toEqual([]);
  });

  it("is refused without the token on exactly the documented operations, over HTTP", async () => {
    const { client, doc } = await ready;
    const documented = new Set(
      operations(doc)
        .filter(({ op }) => codesOf(op).includes(CAPTCHA_CODES[0]!))
        .map((o) => o.key),
    );
    const answers = await probeAll(client, doc, STRONG);
    const { disagreements, reached } = compare(answers, documented, CAPTCHA_CODES);
    expect(disagreements).toEqual([]);
    // The probe is only evidence where it got through validation and middleware: most operations.
    expect(reached).toBeGreaterThan(answers.size * 0.6);
  });
});

describe("password-check in the OpenAPI document", () => {
  // Without captcha, so the sign-up and reset routes reach password-check over HTTP.
  const plugins = () => [
    passwordCheck({ minScore: 3 }),
    ...allPlugins({ emailOtps: new Map(), phoneCodes: new Map() }).filter((p) => p.id !== "captcha"),
  ];
  const ready = setUp(plugins());

  it("lists its refusals on every routed password-setting operation and nowhere else", async () => {
    const { doc, auth } = await ready;
    const all = operations(doc);
    const withCodes = all.filter(({ op }) => codesOf(op).includes("PASSWORD_COMPROMISED"));
    const routed = Object.values(auth.$context.endpoints)
      .filter((e) => !e.config.serverOnly && Object.hasOwn(PASSWORD_ROUTES, e.config.path))
      .map((e) => `POST ${e.config.path}`);
    expect(routed).toContain("POST /admin/set-user-password");
    expect(withCodes.map((o) => o.key).sort()).toEqual(routed.sort());
    for (const { op } of withCodes) expect(codesOf(op)).toEqual(expect.arrayContaining(["PASSWORD_TOO_WEAK"]));
    const others = all.filter((o) => !withCodes.includes(o));
    expect(
      others.filter((o) => /PASSWORD_COMPROMISED|PASSWORD_TOO_WEAK/.test(JSON.stringify(o.op))).map((o) => o.key),
    ).toEqual([]);
  });

  it("lists only the refusals its options can give", async () => {
    const { doc } = await setUp([passwordCheck({ minScore: 0 }), ...plugins().slice(1)]);
    const signUp = doc.paths["/sign-up/email"]?.post;
    expect(codesOf(signUp!)).toContain("PASSWORD_COMPROMISED");
    expect(codesOf(signUp!)).not.toContain("PASSWORD_TOO_WEAK");
  });

  it("refuses a common password on exactly the documented operations, over HTTP", async () => {
    const { client, doc } = await ready;
    const documented = new Set(
      operations(doc)
        .filter(({ op }) => codesOf(op).includes("PASSWORD_COMPROMISED"))
        .map((o) => o.key),
    );
    const answers = await probeAll(client, doc, COMMON);
    const { disagreements, reached } = compare(answers, documented, ["PASSWORD_COMPROMISED"]);
    expect(disagreements).toEqual([]);
    expect(reached).toBeGreaterThan(answers.size * 0.6);
  });
});
