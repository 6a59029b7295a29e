import { makeTestAuth } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PASSWORD_ROUTES } from "../src/password-routes.js";
import { allPlugins } from "./all-plugins.js";

/**
 * Fields that prove the caller knows a password they already have; they never set one, so the plugin
 * leaves them alone. A field named like a password that is in neither this list nor PASSWORD_ROUTES
 * fails the test below: someone added a route that sets a password, and the plugin must learn it.
 */
const VERIFIES_ONLY = new Set([
  "/sign-in/email password",
  "/sign-in/username password",
  "/sign-in/phone-number password",
  "/change-password currentPassword",
  "/delete-user password",
  "/two-factor/enable password",
  "/two-factor/disable password",
  "/two-factor/generate-backup-codes password",
]);

/** Every property name anywhere in a JSON schema (objects, unions, arrays, records). */
function propertyNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) propertyNames(s, out);
  else if (schema && typeof schema === "object") {
    const properties = (schema as { properties?: Record<string, unknown> }).properties;
    if (properties) for (const key of Object.keys(properties)) out.add(key);
    for (const value of Object.values(schema)) propertyNames(value, out);
  }
  return out;
}

/** `path field` for each body or query field, of every installed endpoint, named like a password. */
function passwordFields(auth: ReturnType<typeof makeTestAuth>): string[] {
  const found: string[] = [];
  for (const endpoint of Object.values(auth.$context.endpoints)) {
    for (const schema of [endpoint.config.body, endpoint.config.query]) {
      if (!schema) continue;
      const json = z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" });
      for (const name of propertyNames(json)) {
        if (/passw|passphrase|pwd/i.test(name)) {
          found.push(`${endpoint.config.path} ${name}`);
        }
      }
    }
  }
  return found.sort();
}

describe("PASSWORD_ROUTES covers every route that sets a password", () => {
  const auth = makeTestAuth({ plugins: allPlugins({ emailOtps: new Map(), phoneCodes: new Map() }) });
  const fields = passwordFields(auth);

  it("finds the password fields (the scan itself works)", () => {
    expect(fields).toContain("/sign-up/email password");
    expect(fields).toContain("/admin/set-user-password newPassword");
  });

  it("names every password field either as set (checked) or as verified only", () => {
    const covered = new Set(Object.entries(PASSWORD_ROUTES).map(([path, r]) => `${path} ${r.field}`));
    const unknown = fields.filter((f) => !covered.has(f) && !VERIFIES_ONLY.has(f));
    expect(unknown, "a route takes a password the plugin does not check: add it to PASSWORD_ROUTES").toEqual([]);
  });

  it("lists no route that does not exist (a renamed route would go unchecked)", () => {
    const stale = Object.entries(PASSWORD_ROUTES)
      .map(([path, r]) => `${path} ${r.field}`)
      .filter((f) => !fields.includes(f));
    expect(stale).toEqual([]);
  });
});
