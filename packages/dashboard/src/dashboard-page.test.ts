import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cspHash } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { dashboard } from "./dashboard-plugin.js";
import { DASHBOARD_CSP, renderDashboardPage } from "./render-dashboard-page.js";
import {
  FIXTURE_SCRIPT,
  FIXTURE_STYLE,
  createTestClient,
  makeDashboardAuth,
  newAdmin,
  newUser,
} from "./test-helpers.js";

const CSP =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'";

/** Every `<script>` has a src and no body; no `<style>` element, no `style=` or `on…=` attribute. */
function expectNothingInline(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/\ssrc="/);
    expect(body).toBe("");
  }
  expect(html).not.toMatch(/<style\b/i);
  expect(html).not.toMatch(/\sstyle=/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
  expect(html).not.toMatch(/javascript:/i);
}

describe("the dashboard page", () => {
  it("links the manifest's entry under the base path, with the meta tags, the CSP and no-store", async () => {
    const env = makeDashboardAuth();
    const boss = await newAdmin(env);
    const r = await boss.client.get("/dashboard");
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(r.headers.get("content-security-policy")).toBe(CSP);
    expect(DASHBOARD_CSP).toBe(CSP);
    expect(r.headers.get("x-frame-options")).toBe("DENY");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.text).toContain('<meta name="gatehouse-base-path" content="/api/auth">');
    expect(r.text).toContain('<meta name="gatehouse-dashboard-path" content="/dashboard">');
    expect(r.text).toContain(`<script type="module" src="/api/auth/dashboard/assets/${FIXTURE_SCRIPT}"></script>`);
    expect(r.text).toContain(`<link rel="stylesheet" href="/api/auth/dashboard/assets/${FIXTURE_STYLE}">`);
    expect(r.text).toContain('<div id="root"></div>');
    expectNothingInline(r.text);
  });

  it("follows a custom path and base path", async () => {
    const env = makeDashboardAuth({ dashboard: { path: "/admin-ui" }, extra: { basePath: "/auth" } });
    const boss = await newAdmin(env);
    const r = await boss.client.get("/admin-ui");
    expect(r.status).toBe(200);
    expect(r.text).toContain('<meta name="gatehouse-base-path" content="/auth">');
    expect(r.text).toContain('<meta name="gatehouse-dashboard-path" content="/admin-ui">');
    expect(r.text).toContain(`src="/auth/admin-ui/assets/${FIXTURE_SCRIPT}"`);
    expect((await boss.client.get(`/admin-ui/assets/${FIXTURE_SCRIPT}`)).status).toBe(200);
    expect((await boss.client.get("/dashboard")).status).toBe(404);
    expect((await boss.client.get("/admin-ui/api/me")).status).toBe(200);
  });

  it("refuses a malformed path at startup", () => {
    for (const path of ["dashboard", "/", "/a/../b", "/a b", '/a"', "/a/", "/a?x"])
      expect(() => dashboard({ path }), path).toThrow(/path must look like/);
  });

  it("escapes what it writes into the page", () => {
    const html = renderDashboardPage({
      basePath: '/x"><script>alert(1)</script>',
      dashboardPath: "/dashboard",
      build: { script: 'a"b.js', styles: ["c<d.css"], assets: new Map() },
    });
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
    expect(html).toContain("a%22b.js");
    expect(html).toContain("c%3Cd.css");
  });

  it("a stranger gets a 401 page without signInUrl, and no-store 403 pages are text only", async () => {
    const env = makeDashboardAuth();
    const r = await createTestClient(env.auth).get("/dashboard");
    expect(r.status).toBe(401);
    expect(r.headers.get("content-type")).toBe("text/html; charset=utf-8");
    // Styled by one inline style that the page's own policy allows by hash, and nothing else inline.
    const policy = r.headers.get("content-security-policy") ?? "";
    const style = /<style>([^<]*)<\/style>/.exec(r.text)?.[1] ?? "";
    expect(style).toContain("prefers-color-scheme:dark");
    expect(policy).toContain(`style-src ${cspHash(style)}`);
    expect(policy).toMatch(/^default-src 'none'/);
    expect(policy).not.toContain("script-src");
    expect(policy).not.toContain("unsafe-inline");
    expect(r.text).toContain('<meta name="viewport"');
    expect(r.text).toContain("Sign in required");
    expect(r.text).not.toMatch(/<script/i);
    const user = await newUser(env);
    const f = await user.client.get("/dashboard");
    expect(f.status).toBe(403);
    expect(f.headers.get("cache-control")).toBe("no-store");
    expect(f.text).not.toMatch(/<script/i);
    expect(f.text).not.toContain(FIXTURE_SCRIPT);
    expect(f.text).toContain("<h1>Not allowed</h1>");
    expect(f.headers.get("content-security-policy")).toBe(policy);
  });

  it("with signInUrl, a stranger is redirected there with callbackURL = the page, whatever the query says", async () => {
    const env = makeDashboardAuth({ dashboard: { signInUrl: "/sign-in" } });
    const stranger = createTestClient(env.auth);
    const queries: Record<string, string>[] = [{}, { callbackURL: "/elsewhere" }, { redirect: "//evil.example" }];
    for (const query of queries) {
      const r = await stranger.get("/dashboard", { query });
      expect(r.status).toBe(302);
      const location = new URL(r.headers.get("location") ?? "", "http://localhost:3000");
      expect(location.origin).toBe("http://localhost:3000");
      expect(location.pathname).toBe("/sign-in");
      expect([...location.searchParams]).toEqual([["callbackURL", "http://localhost:3000/api/auth/dashboard"]]);
    }
    // An untrusted callbackURL in the query is refused by core's check before the page runs.
    const evil = await stranger.get("/dashboard", { query: { callbackURL: "https://evil.example/" } });
    expect([evil.status, evil.headers.get("location")]).toEqual([403, null]);
  });

  it("an untrusted signInUrl is refused, never followed", async () => {
    for (const signInUrl of [
      "https://evil.example/login",
      "//evil.example/login",
      "javascript:alert(1)",
      "/\\evil.example",
    ]) {
      const env = makeDashboardAuth({ dashboard: { signInUrl } });
      const r = await createTestClient(env.auth).get("/dashboard");
      expect([r.status, r.body?.code, r.headers.get("location")], signInUrl).toEqual([
        403,
        "INVALID_CALLBACK_URL",
        null,
      ]);
    }
  });

  it("appUrl goes through the redirect check: an untrusted one becomes /", async () => {
    const good = makeDashboardAuth({ dashboard: { appUrl: "/app?tab=1" } });
    expect((await (await newAdmin(good)).client.get("/dashboard/api/me")).body.appUrl).toBe("/app?tab=1");
    const bad = makeDashboardAuth({ dashboard: { appUrl: "https://evil.example/" } });
    expect((await (await newAdmin(bad)).client.get("/dashboard/api/me")).body.appUrl).toBe("/");
  });
});

describe("the dashboard's assets", () => {
  it("serves the built files by exact name, immutable, with their types and nosniff", async () => {
    const env = makeDashboardAuth();
    const anyone = createTestClient(env.auth);
    const cases: [string, string][] = [
      [FIXTURE_SCRIPT, "text/javascript; charset=utf-8"],
      [FIXTURE_STYLE, "text/css; charset=utf-8"],
      ["logo-Zz99Yy88.svg", "image/svg+xml"],
    ];
    for (const [file, type] of cases) {
      const r = await anyone.get(`/dashboard/assets/${file}`);
      expect(r.status, file).toBe(200);
      expect(r.headers.get("content-type"), file).toBe(type);
      expect(r.headers.get("cache-control"), file).toBe("public, max-age=31536000, immutable");
      expect(r.headers.get("x-content-type-options"), file).toBe("nosniff");
    }
    expect((await anyone.get(`/dashboard/assets/${FIXTURE_SCRIPT}`)).text).toContain("fixture app");
  });

  it("answers 404 for anything else: traversal, encoded slashes, the manifest, unknown and binary names", async () => {
    const env = makeDashboardAuth();
    const anyone = createTestClient(env.auth);
    const names = [
      "..%2Fsecret.txt",
      "%2E%2E%2Fsecret.txt",
      "..%2F.vite%2Fmanifest.json",
      ".vite%2Fmanifest.json",
      "manifest.json",
      "..%5Csecret.txt",
      "%2Fetc%2Fpasswd",
      "nope.js",
      "INDEX-AB12CD34.JS",
      `${FIXTURE_SCRIPT}%00`,
      `${FIXTURE_SCRIPT}%2F`,
      "photo-Qq11.png",
      "__proto__",
      "constructor",
      "hasOwnProperty",
      "%E0%A4%A",
      "..",
      ".",
    ];
    for (const name of names) {
      const r = await anyone.get(`/dashboard/assets/${name}`);
      // U+0000 is refused by core's input check (400) before any lookup.
      expect(r.status, name).toBe(name.endsWith("%00") ? 400 : 404);
      expect(r.text, name).not.toContain("fixture");
    }
    for (const path of [
      "/dashboard/assets/../secret.txt",
      "/dashboard/assets/a/b.js",
      "/dashboard/assets/",
      "/dashboard/.vite/manifest.json",
    ]) {
      const r = await anyone.get(path);
      expect(r.status, path).toBe(404);
      expect(r.text, path).not.toContain("fixture");
    }
  });
});

describe("without a build", () => {
  it("answers a clear 503 (HTML for the page, JSON for assets), then serves the build once it appears", async () => {
    const dir = await mkdtemp(join(tmpdir(), "gatehouse-dashboard-"));
    try {
      const env = makeDashboardAuth({ dashboard: { assetsDir: dir } });
      const boss = await newAdmin(env);
      const page = await boss.client.get("/dashboard");
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.text).toContain("run `pnpm build`");
      const asset = await boss.client.get(`/dashboard/assets/${FIXTURE_SCRIPT}`);
      expect([asset.status, asset.body.code]).toEqual([503, "DASHBOARD_ASSETS_NOT_BUILT"]);
      // The JSON API does not need the build.
      expect((await boss.client.get("/dashboard/api/me")).status).toBe(200);

      // A manifest naming a file that is not there is no build either.
      await mkdir(join(dir, ".vite"));
      await mkdir(join(dir, "assets"));
      const manifest = { "index.html": { file: "assets/main-1.js", isEntry: true, css: ["assets/main-1.css"] } };
      await writeFile(join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
      await writeFile(join(dir, "assets", "main-1.js"), "export {};");
      expect((await boss.client.get("/dashboard")).status).toBe(503);
      await writeFile(join(dir, "assets", "main-1.css"), "body{}");
      const built = await boss.client.get("/dashboard");
      expect(built.status).toBe(200);
      expect(built.text).toContain('src="/api/auth/dashboard/assets/main-1.js"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a manifest that points outside the assets folder is no build", async () => {
    const dir = await mkdtemp(join(tmpdir(), "gatehouse-dashboard-"));
    try {
      await mkdir(join(dir, ".vite"));
      await mkdir(join(dir, "assets"));
      await writeFile(join(dir, "assets", "x.js"), "export {};");
      for (const file of ["../secret.js", "assets/../x.js", "https://cdn.example/x.js", "assets/.x.js", 42]) {
        await writeFile(join(dir, ".vite", "manifest.json"), JSON.stringify({ e: { file, isEntry: true } }));
        const env = makeDashboardAuth({ dashboard: { assetsDir: dir } });
        const boss = await newAdmin(env);
        expect((await boss.client.get("/dashboard")).status, String(file)).toBe(503);
      }
      await writeFile(join(dir, ".vite", "manifest.json"), "{not json");
      const env = makeDashboardAuth({ dashboard: { assetsDir: dir } });
      expect((await (await newAdmin(env)).client.get("/dashboard")).status).toBe(503);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
