// Gzipped size of @gatehouse-auth/react-ui in an app's bundle: `<SignIn>` alone (with the provider it
// needs) and every export, minified by esbuild. React, the client and @gatehouse-auth/react stay out: the
// app ships them anyway (bench/client-size.mjs budgets those). Fails over budget.
//   node bench/react-ui-size.mjs
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Budgets in gzip bytes; raise only with a reason in the commit. Most of it is the error catalogue
 * (a friendly sentence for each of ~200 server codes, ~4.5 kB), then the stylesheet (~1.7 kB). The
 * organization components (switcher, settings, invitation: ~7.9 kB with their strings and stylesheet)
 * raised `all` from 15 872 to 23 552; `<SignIn>` alone does not ship them. `<AccountSettings>`' two-factor,
 * passkey and API-key sections and the team members in `<OrganizationSettings>` (~5.9 kB with their
 * strings and stylesheet; measured 23 279 → 29 156) raised it to 29 440; `<SignIn>` alone is unchanged.
 * The single sign-on card of `<OrganizationSettings>` (connections, domain verification, enforcement,
 * SCIM token: ~5.2 kB with its strings, error sentences and stylesheet; measured 29 162 → 34 403) raised
 * it to 34 560; `<SignIn>` alone is unchanged (11 161).
 * "Sign in with SSO" (issue 31) raised `<SignIn>` by what it measured, 11 179 → 11 329 (+150: the SSO tab,
 * the `lazy` import of its form and the SSO_REQUIRED sentence a password sign-in can answer), so
 * 11 264 → 11 414; the form, its strings and sentences (~0.7 kB) load on demand, measured apart from
 * `<SignIn>` and inside `all` (34 424 → 35 084, +660: 34 560 → 35 220). The step-up prompt of
 * `<AccountSettings>` (re-authentication in place on SESSION_NOT_FRESH, then the action again: ~0.8 kB
 * with its strings and rules; measured 35 084 → 35 916, +832) raised `all` to 36 052; `<SignIn>` alone
 * is unchanged. Phone sign-in (issue 31) raised `<SignIn>` by what it measured, 11 329 → 11 441 (+112: the
 * Phone tab, the `lazy` import of its form, and a phone number with a password in the password form), so
 * 11 414 → 11 526; the texted-code form and its strings (~0.9 kB) load on demand. With the username and
 * authorized-apps cards of `<AccountSettings>` (~1.4 kB with their strings) `all` measured 35 923 → 38 275
 * (+2 352): 36 052 → 38 404. The API-keys card of `<OrganizationSettings>` (the account's card on an
 * organization's keys, its intro and refusal sentence kept out of the shared catalogue; +504 measured alone:
 * the card and one more has-permission question) measured 38 748 together: `all` 38 880.
 */
const BUDGETS = { signIn: 11_526, all: 38_880 };

const require = createRequire(new URL("../packages/core/package.json", import.meta.url));
const esbuild = require(require.resolve("esbuild", { paths: [require.resolve("tsup")] }));
const dir = mkdtempSync(join(tmpdir(), "gh-ui-size-"));
const index = JSON.stringify(new URL("../packages/react-ui/src/index.ts", import.meta.url).pathname);

/**
 * Code behind an `import()` of the package's own modules (the "Sign in with SSO" form) is fetched only
 * when used: with `eager`, such imports stay out (the app's bundler makes them chunks of their own) and
 * the figure is what the entry loads before it renders; without it, they are bundled in too.
 */
const lazyOut = {
  name: "lazy-out",
  setup(build) {
    build.onResolve({ filter: /^\.\// }, (args) =>
      args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined,
    );
  },
};

async function gzipOf(name, source, { eager = false } = {}) {
  const entry = join(dir, `${name}.ts`);
  writeFileSync(entry, source);
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    plugins: eager ? [lazyOut] : [],
    minify: true,
    format: "esm",
    platform: "browser",
    conditions: ["source"],
    jsx: "automatic",
    // The two-factor QR code's drawing (qrcode) is the two-factor package's, imported on demand when the
    // setup step shows: the app's bundler puts it in its own chunk, fetched only then.
    external: [
      "react",
      "react/jsx-runtime",
      "react-dom",
      "@gatehouse-auth/react",
      "@gatehouse-auth/client",
      "@gatehouse-auth/two-factor/qr",
    ],
    write: false,
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}

const signIn = await gzipOf("sign-in", `export { GatehouseUI, SignIn } from ${index};`, { eager: true });
// Everything, the on-demand modules included, as one bundle (esbuild would wrap an inlined `import()`'s
// modules in lazy initialisers that no app's chunked build has).
const ssoSignIn = JSON.stringify(new URL("../packages/react-ui/src/sso-sign-in.tsx", import.meta.url).pathname);
const phoneSignIn = JSON.stringify(new URL("../packages/react-ui/src/phone-sign-in.tsx", import.meta.url).pathname);
const all = await gzipOf(
  "all",
  `export * from ${index};\nexport { SsoSignInForm } from ${ssoSignIn};\nexport { PhoneSignInForm } from ${phoneSignIn};`,
  {
    eager: true,
  },
);
console.log(`@gatehouse-auth/react-ui <SignIn> alone: ${signIn} B gzip (budget ${BUDGETS.signIn} B)`);
console.log(`@gatehouse-auth/react-ui everything:     ${all} B gzip (budget ${BUDGETS.all} B)`);
if (signIn > BUDGETS.signIn || all > BUDGETS.all) {
  console.error("over budget");
  process.exit(1);
}
