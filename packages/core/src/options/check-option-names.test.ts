// Unknown option names are refused at start-up with a "did you mean", at every level core owns and for
// plugins that declare their names — what a JavaScript app gets instead of a type checker.
import { describe, expect, it } from "vitest";
import { createAuth } from "../create-auth.js";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import type { AuthOptions } from "./auth-options.js";
import { definePlugin } from "../plugins/plugin-types.js";
import type { OptionKeysOf } from "./option-keys.js";

const base = {
  database: memoryAdapter(),
  secret: "test-secret-0123456789abcdef0123456789",
  baseURL: "http://localhost:3000",
  logger: { error: () => {}, warn: () => {} },
};
// As a JavaScript app would pass them: no type checker between the app and createAuth.
const start = (extra: Record<string, unknown>) => () => createAuth({ ...base, ...extra } as AuthOptions);

describe("unknown option names", () => {
  it("names trustedOrigins for trustedOrigin", () => {
    expect(start({ trustedOrigin: ["https://app.example.com"] })).toThrow(
      /unknown option trustedOrigin \(did you mean trustedOrigins\?\)/,
    );
  });

  it.each([
    [{ emailAndPassword: { minPasswordLenght: 10 } }, "emailAndPassword.minPasswordLenght", "minPasswordLength"],
    [{ emailVerification: { sendOnSignup: true } }, "emailVerification.sendOnSignup", "sendOnSignUp"],
    [{ session: { expiresin: 60 } }, "session.expiresin", "expiresIn"],
    [{ session: { cookieCache: { maxage: 60 } } }, "session.cookieCache.maxage", "maxAge"],
    [{ user: { deleteUser: { enable: true } } }, "user.deleteUser.enable", "enabled"],
    [
      { account: { accountLinking: { trustedProvider: [] } } },
      "account.accountLinking.trustedProvider",
      "trustedProviders",
    ],
    [{ rateLimit: { windows: 10 } }, "rateLimit.windows", "window"],
    [{ advanced: { useSecureCookie: true } }, "advanced.useSecureCookie", "useSecureCookies"],
    [{ cors: { allowHeader: ["x"] } }, "cors.allowHeader", "allowHeaders"],
  ])("at every nesting level core owns: %j", (extra, where, guess) => {
    const prefix = where.slice(0, where.lastIndexOf(".") + 1);
    expect(start(extra)).toThrow(`${where} (did you mean ${prefix}${guess}?)`);
  });

  it("names every unknown option at once, and no guess when nothing is close", () => {
    expect(start({ sesion: {}, frobnicate: true })).toThrow(
      "Gatehouse: unknown options sesion (did you mean session?), frobnicate",
    );
  });

  it("leaves open maps alone: additional fields, provider ids and options, custom rules", () => {
    expect(
      start({
        user: { additionalFields: { favouriteColour: { type: "string", required: false } } },
        socialProviders: {
          acme: {
            clientId: "id",
            clientSecret: "s",
            discoveryUrl: "https://idp.example.com/.well-known/openid-configuration",
            anything: 1,
          },
        },
        rateLimit: { customRules: { "/sign-in/anything": { window: 10, max: 1 } } },
      }),
    ).not.toThrow();
  });

  it("checks a plugin's options against the names it declares", () => {
    interface NotesOptions {
      maxNotes?: number;
      limits?: { perDay?: number };
    }
    const notes = (options: NotesOptions = {}) =>
      definePlugin({
        id: "notes",
        optionKeys: {
          given: options,
          keys: { maxNotes: true, limits: { perDay: true } } satisfies OptionKeysOf<NotesOptions>,
        },
      });
    expect(start({ plugins: [notes({ maxNotes: 3, limits: { perDay: 1 } })] })).not.toThrow();
    expect(start({ plugins: [notes({ maxNote: 3 } as NotesOptions)] })).toThrow(
      "notes().maxNote (did you mean notes().maxNotes?)",
    );
    expect(start({ plugins: [notes({ limits: { perday: 1 } } as NotesOptions)] })).toThrow(
      "notes().limits.perday (did you mean notes().limits.perDay?)",
    );
  });
});
