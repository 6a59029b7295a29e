import { parseArgs } from "node:util";
import type { CliIo } from "./cli-io.js";
import { loadAppAuth } from "./load-app-auth.js";

export const DOCTOR_USAGE = `  gatehouse-auth doctor [--config <module>] [--probe]

  doctor     builds your auth from its module and checks what usually goes wrong on the way to
             production: the secret, the base URL and cookies over http vs https, trusted origins,
             the database connection and pending migrations, email senders the options need,
             the rate limiter's storage. Each finding says what to change; exit code 1 when one
             would break sign-in or security. --probe also asks the running server
             (baseURL + basePath + /ok) whether it answers.`;

/** One line of the report. */
export interface Finding {
  level: "ok" | "warn" | "fail";
  text: string;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);
const isLoopback = (url: URL) => LOOPBACK.has(url.hostname);

/** `gatehouse-auth doctor`: what the app's auth is missing, as a list of findings. */
export async function doctor(argv: string[], io: CliIo, configFile: string | undefined): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { config: { type: "string" }, probe: { type: "boolean" }, debug: { type: "boolean" } },
  });
  const findings = await diagnose(configFile, { probe: values.probe === true });
  const mark = { ok: "ok  ", warn: "warn", fail: "FAIL" } as const;
  for (const f of findings) io.out(`${mark[f.level]}  ${f.text}`);
  const failed = findings.filter((f) => f.level === "fail").length;
  const warned = findings.filter((f) => f.level === "warn").length;
  io.out(`-- ${failed} to fix, ${warned} to look at`);
  return failed > 0 ? 1 : 0;
}

/** The findings for the auth module `configFile` (undefined: none was found). */
export async function diagnose(configFile: string | undefined, options: { probe: boolean }): Promise<Finding[]> {
  const findings: Finding[] = [];
  const ok = (text: string) => findings.push({ level: "ok", text });
  const warn = (text: string) => findings.push({ level: "warn", text });
  const fail = (text: string) => findings.push({ level: "fail", text });
  if (!configFile) {
    fail("no auth module found: pass --config <file>, or create one with `npx gatehouse-auth init`");
    return findings;
  }
  let app: Awaited<ReturnType<typeof loadAppAuth>>;
  try {
    app = await loadAppAuth(configFile);
  } catch (error) {
    fail(`${configFile} does not build: ${(error as Error).message}`);
    return findings;
  }
  try {
    ok(`${configFile} builds an auth`);
    // The auth's own start-up warnings (development secret, short secret, http in production).
    for (const message of app.messages) warn(message.replace(/^Gatehouse: /, ""));
    const o = app.context.options;

    // Secret: production refuses a missing or short one; say so before the deploy does.
    if (app.context.secret.length >= 32 && !app.messages.some((m) => /development secret/.test(m)))
      ok("the secret is set and long enough");

    // Base URL and cookies.
    if (!o.baseURL) {
      warn(
        "baseURL is not set (GATEHOUSE_URL or the baseURL option): links in emails and redirects then follow the request's Host header; set the public https:// address",
      );
    } else {
      const base = new URL(o.baseURL);
      if (base.protocol === "https:") ok(`baseURL ${o.baseURL}: cookies are Secure`);
      else if (isLoopback(base))
        ok(`baseURL ${o.baseURL} (loopback: fine for development, browsers treat it as secure)`);
      else
        fail(
          `baseURL ${o.baseURL} is http:// on a public host: session cookies travel unencrypted. Use the https:// address users reach (behind a TLS proxy too)`,
        );
      if (base.protocol === "https:" && !o.advanced.useSecureCookies)
        fail("advanced.useSecureCookies is false with an https:// baseURL: remove it, cookies should be Secure");
    }

    // Trusted origins: a wildcard that covers every site turns off CSRF and redirect checks.
    const wide = o.trustedOrigins.filter((origin) => /^(\*|https?:\/\/\*(:\d+)?)$/.test(origin));
    if (wide.length > 0)
      fail(
        `trustedOrigins ${wide.join(", ")} trusts every site: any page could post forms and receive redirects. List your frontends' origins`,
      );
    for (const origin of o.trustedOrigins) {
      if (!URL.canParse(origin) || origin.includes("*")) continue;
      const url = new URL(origin);
      if (url.protocol === "http:" && !isLoopback(url))
        warn(`trusted origin ${origin} is http:// on a public host: pages served over it can be tampered with`);
    }
    if (wide.length === 0) ok(`trusted origins: ${o.trustedOrigins.join(", ") || "(only the base URL's)"}`);

    // Database: reachable, and its tables match what this auth and its plugins need.
    try {
      await app.ready();
      ok("the database answers and has every table and column this auth needs");
    } catch (error) {
      const message = (error as Error).message;
      if (/missing|does not exist|no such/i.test(message))
        fail(`the database is behind this auth's schema (${message}): run \`npx gatehouse-auth migrate\``);
      else fail(`the database does not answer: ${message}`);
    }
    const migrate = app.context.adapter.migrate;
    if (!migrate) {
      warn("the database is in memory: every user and session is lost when the process exits");
    } else {
      try {
        const { statements } = await migrate({ dryRun: true });
        if (statements.length === 0) ok("no migrations pending");
        else
          fail(
            `${statements.length} migration statement(s) pending: run \`npx gatehouse-auth migrate\` (--dry-run shows them)`,
          );
      } catch {
        // ready() above already said why the database cannot be read.
      }
    }

    // Emails the options promise but cannot send.
    if (o.emailAndPassword.requireEmailVerification && !o.emailVerification.sendVerificationEmail)
      fail(
        "emailAndPassword.requireEmailVerification is on but emailVerification.sendVerificationEmail is not set: nobody can verify, so nobody can sign in",
      );
    if (o.emailAndPassword.enabled && !o.emailAndPassword.sendResetPassword)
      warn("emailAndPassword.sendResetPassword is not set: users who forget their password cannot reset it");

    // Rate limits kept in memory are per process.
    if (!o.rateLimit.enabled)
      warn("rate limiting is off (it is on when NODE_ENV=production): password guessing is unlimited");
    else if (o.rateLimit.storage === "memory")
      warn(
        'rate limits are kept in this process\'s memory: with several instances set secondaryStorage (Redis) or rateLimit.storage: "database"',
      );
    else ok(`rate limits are stored in ${o.rateLimit.storage}`);

    if (options.probe) {
      if (!o.baseURL) warn("--probe needs baseURL");
      else {
        const target = `${o.baseURL}${o.basePath}/ok`;
        try {
          const response = await fetch(target, { signal: AbortSignal.timeout(3000), redirect: "manual" });
          if (response.ok) ok(`${target} answers ${response.status}`);
          else fail(`${target} answers ${response.status}: is the handler mounted at basePath (${o.basePath})?`);
        } catch (error) {
          fail(`${target} does not answer (${(error as Error).message}): is the server running at baseURL?`);
        }
      }
    }
  } finally {
    await app.close();
  }
  return findings;
}
