import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main, runCli } from "./cli.js";
import { findConfig } from "./find-config.js";
import { importDriver } from "./import-driver.js";

const require = createRequire(import.meta.url);

const emptyDir = mkdtempSync(join(tmpdir(), "gh-cli-empty-"));

async function run(args: string[], cwd = emptyDir) {
  const lines: string[] = [];
  const warnings: string[] = [];
  const code = await main(
    args,
    (l) => lines.push(l),
    (l) => warnings.push(l),
    cwd,
  );
  return { code, text: lines.join("\n"), warnings: warnings.join("\n") };
}

describe("gatehouse CLI", () => {
  it("generate prints the CREATE script for each dialect", async () => {
    const { code, text } = await run(["generate", "--dialect", "mysql"]);
    expect(code).toBe(0);
    expect(text).toContain("create table `user`");
    expect(text).toContain("datetime(3)");
    expect(text.toLowerCase()).not.toContain("on update");
    expect((await run(["generate", "--dialect", "postgres"])).text).toContain('"createdAt" timestamptz(3) not null');
  });

  it("rejects an unknown dialect or command with a message", async () => {
    await expect(run(["generate", "--dialect", "oracle"])).rejects.toThrow(/Unknown dialect/);
    await expect(run(["frobnicate"])).rejects.toThrow(/unknown command/);
  });

  it("migrate creates the tables in a SQLite file, then reports it up to date; --dry-run changes nothing", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "gh-cli-")), "auth.db");
    const dry = await run(["migrate", "--url", `sqlite:${file}`, "--dry-run"]);
    expect(dry.text).toMatch(/would apply \d+ statement/);
    const first = await run(["migrate", "--url", `sqlite:${file}`]);
    expect(first.text).toMatch(/applied \d+ statement/);
    const tables = new Database(file)
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .all();
    expect(tables.map((t) => (t as { name: string }).name)).toEqual([
      "account",
      "rateLimit",
      "session",
      "user",
      "verification",
    ]);
    expect((await run(["migrate", "--url", `sqlite:${file}`])).text).toContain("up to date");
  });

  it("--config takes the schema from an exported auth ($context awaited) or from exported options", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-cli-config-"));
    const authModule = join(dir, "auth.mjs");
    writeFileSync(
      authModule,
      `export const auth = { $context: Promise.resolve({ schema: { thing: { fields: { n: { type: "number" } } } } }) };`,
    );
    const fromAuth = await run(["generate", "--dialect", "postgres", "--config", authModule]);
    expect(fromAuth.text).toBe('create table "thing" ("id" text not null primary key, "n" double precision not null);');

    const optionsModule = join(dir, "options.mjs");
    writeFileSync(
      optionsModule,
      `export default {
        database: () => { throw new Error("the CLI must not open the app's database"); },
        user: { additionalFields: { plan: { type: "string", required: false } } },
        plugins: [{ id: "pets", schema: { pet: { fields: { ownerId: { type: "string", references: { model: "user", field: "id" } } } } } }],
      };`,
    );
    const fromOptions = await run(["generate", "--dialect", "sqlite", "--config", optionsModule]);
    expect(fromOptions.text).toContain('create table "pet"');
    expect(fromOptions.text).toMatch(/create table "user" \(.*"plan" text/);

    await expect(run(["generate", "--dialect", "sqlite", "--config", join(dir, "missing.mjs")])).rejects.toThrow();
  });

  it("a config that exists but imports a package the app lacks names that package, not 'config not found'", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-cli-missing-dep-"));
    writeFileSync(
      join(dir, "auth.mjs"),
      'import { nothing } from "gatehouse-walk-absent-package";\nexport default { nothing };\n',
    );
    const errors: string[] = [];
    const code = await runCli(
      ["generate", "--dialect", "sqlite", "--config", join(dir, "auth.mjs")],
      () => {},
      (l) => errors.push(l),
    );
    expect(code).toBe(1);
    expect(errors.join("\n")).toContain("gatehouse-walk-absent-package");
    expect(errors.join("\n")).not.toContain("not found");
    const missing: string[] = [];
    expect(
      await runCli(
        ["generate", "--dialect", "sqlite", "--config", join(dir, "nope.mjs")],
        () => {},
        (l) => missing.push(l),
      ),
    ).toBe(1);
    expect(missing.join("\n")).toContain(`config ${join(dir, "nope.mjs")} not found`);
  });

  it("errors are one line and exit code 1; --debug adds the stack", async () => {
    const errors: string[] = [];
    const code = await runCli(
      ["generate", "--dialect", "oracle"],
      () => {},
      (l) => errors.push(l),
    );
    expect(code).toBe(1);
    expect(errors).toEqual(['gatehouse: Unknown dialect "oracle" (sqlite, postgres or mysql)']);
    const debug: string[] = [];
    expect(
      await runCli(
        ["frobnicate", "--debug"],
        () => {},
        (l) => debug.push(l),
      ),
    ).toBe(1);
    expect(debug.join("\n")).toMatch(/unknown command "frobnicate"[\s\S]*\n\s+at /);
    expect(
      await runCli(
        ["--bogus"],
        () => {},
        () => {},
      ),
    ).toBe(1);
  });
});

describe("gatehouse CLI: finding the config and the database", () => {
  const here = dirname(fileURLToPath(import.meta.url));

  /** A directory with an auth module whose schema adds a column the core schema lacks. */
  function appDir(file: string, dbFile: string): string {
    const dir = mkdtempSync(join(tmpdir(), "gh-cli-app-"));
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(
      join(dir, file),
      `import Database from ${JSON.stringify(require.resolve("better-sqlite3"))};
       import { kyselyAdapter } from ${JSON.stringify(join(here, "index.ts"))};
       export default {
         database: kyselyAdapter({ database: new Database(${JSON.stringify(dbFile)}) }),
         user: { additionalFields: { nickname: { type: "string", required: false } } },
       };`,
    );
    return dir;
  }

  const columns = (file: string) =>
    (new Database(file).prepare(`select name from pragma_table_info('user')`).all() as { name: string }[]).map(
      (c) => c.name,
    );

  it("`migrate` with no flags finds auth.mjs and migrates the app's own database with its extra fields", async () => {
    const dbFile = join(mkdtempSync(join(tmpdir(), "gh-cli-db-")), "app.db");
    const dir = appDir("auth.mjs", dbFile);
    const first = await run(["migrate"], dir);
    expect(first.code).toBe(0);
    expect(first.warnings).toContain("using auth.mjs");
    expect(first.text).toMatch(/applied \d+ statement/);
    expect(columns(dbFile)).toContain("nickname");
    expect((await run(["migrate"], dir)).text).toContain("up to date");
  });

  it("finds src/auth.mjs and gatehouse.config.mjs too, and takes --url with the discovered schema", async () => {
    const dbFile = join(mkdtempSync(join(tmpdir(), "gh-cli-db-")), "app.db");
    const other = join(mkdtempSync(join(tmpdir(), "gh-cli-db-")), "other.db");
    const dir = appDir("src/auth.mjs", dbFile);
    const r = await run(["migrate", "--url", `sqlite:${other}`], dir);
    expect(r.warnings).toContain("using src/auth.mjs");
    expect(columns(other)).toContain("nickname");
    expect(findConfig(appDir("gatehouse.config.mjs", dbFile))).toBe("gatehouse.config.mjs");
  });

  it("says so when no config is found: core schema only, with a warning naming --config", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "gh-cli-")), "core.db");
    const r = await run(["migrate", "--url", file]);
    expect(r.code).toBe(0);
    expect(r.warnings).toMatch(/no config found \(gatehouse\.config\.mjs.*core schema only.*--config/);
    expect(columns(file)).not.toContain("nickname");
    await expect(run(["migrate"])).rejects.toThrow(/migrate needs --url/);
  });

  it("`cleanup` deletes the expired rows of the config's database, prints a count per table, and needs a config", async () => {
    const dbFile = join(mkdtempSync(join(tmpdir(), "gh-cli-db-")), "app.db");
    const dir = appDir("auth.mjs", dbFile);
    expect((await run(["migrate"], dir)).code).toBe(0);
    const db = new Database(dbFile);
    const now = Date.now();
    db.prepare(
      `insert into "user" (id, name, email, emailVerified, createdAt, updatedAt) values ('u', 'U', 'u@example.com', 0, ?, ?)`,
    ).run(now, now);
    const session = db.prepare(
      `insert into session (id, token, userId, expiresAt, createdAt, updatedAt) values (?, ?, 'u', ?, ?, ?)`,
    );
    for (let i = 0; i < 5; i++) session.run(`old${i}`, `t-old${i}`, now - 60_000, now, now);
    session.run("live", "t-live", now + 3_600_000, now, now);
    db.prepare(
      `insert into verification (id, identifier, value, expiresAt, createdAt, updatedAt) values ('v', 'x', '{}', ?, ?, ?)`,
    ).run(now - 1, now, now);
    db.prepare(`insert into "rateLimit" (id, key, count, lastRequest) values ('r', 'k', 1, ?)`).run(now - 86_400_000);
    const r = await run(["cleanup", "--batch-size", "2"], dir);
    expect(r.code).toBe(0);
    expect(r.text).toBe(
      "session: 5 deleted\nverification: 1 deleted\nrateLimit: 1 deleted\n-- deleted 7 expired row(s)",
    );
    const left = (table: string) =>
      (db.prepare(`select id from "${table}"`).all() as { id: string }[]).map((x) => x.id);
    expect([left("session"), left("verification"), left("rateLimit")]).toEqual([["live"], [], []]);
    expect((await run(["cleanup"], dir)).text).toContain("-- deleted 0 expired row(s)");
    db.close();
    await expect(run(["cleanup", "--url", dbFile])).rejects.toThrow(/cleanup needs your auth module/);
    for (const size of ["0", "10001", "1.5", "x"])
      await expect(run(["cleanup", "--batch-size", size], dir)).rejects.toThrow(/--batch-size/);
  });

  it("refuses a URL whose scheme it does not know, instead of creating a SQLite file of that name", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-cli-scheme-"));
    for (const url of ["postgres:app", "postgres:/app", "mongodb://u:pw@host/db", "redis://localhost"]) {
      const error = await run(["migrate", "--url", url], dir).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toMatch(/unrecognised database URL "[a-z]+:…"/);
      expect((error as Error).message).not.toContain("pw");
    }
    expect(readdirSync(dir)).toEqual([]);
    // The URL error is the only thing said: no config notice before it.
    const errors: string[] = [];
    expect(
      await runCli(
        ["migrate", "--url", "postgres:app"],
        () => {},
        (l) => errors.push(l),
      ),
    ).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it("times out on a PostgreSQL or MySQL server that accepts the connection and never answers", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      for (const scheme of ["postgres", "mysql"]) {
        const started = Date.now();
        const error = await run([
          "migrate",
          "--url",
          `${scheme}://app:hunter2@127.0.0.1:${port}/db`,
          "--connect-timeout",
          "1",
        ]).catch((e: Error) => e);
        expect(error).toBeInstanceOf(Error);
        expect((error as Error).message).toMatch(
          new RegExp(`^cannot reach ${scheme}://app:\\*\\*\\*@127\\.0\\.0\\.1:${port}/db`),
        );
        expect((error as Error).message).not.toContain("hunter2");
        expect(Date.now() - started).toBeLessThan(5000);
      }
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it("names the driver package to install when it is missing", async () => {
    await expect(importDriver("gatehouse-no-such-driver", "PostgreSQL")).rejects.toThrow(
      'PostgreSQL needs the "gatehouse-no-such-driver" package: npm install gatehouse-no-such-driver',
    );
    expect(typeof (await importDriver<{ Pool: unknown }>("pg", "PostgreSQL")).Pool).toBe("function");
  });
});

describe("gatehouse CLI as a process (built from source with esbuild)", () => {
  // The real binary under plain Node: what `npx gatehouse` runs, with no TypeScript loader.
  const here = dirname(fileURLToPath(import.meta.url));
  let cli: string;
  beforeAll(async () => {
    const tsup = createRequire(import.meta.url).resolve("tsup");
    // esbuild comes with tsup (the repo's build tool); only its build call is needed here.
    const esbuild = createRequire(tsup)("esbuild") as { build(options: Record<string, unknown>): Promise<unknown> };
    const outDir = mkdtempSync(join(here, "..", ".cli-test-"));
    cli = join(outDir, "cli.mjs");
    await esbuild.build({
      entryPoints: [join(here, "cli.ts")],
      outfile: cli,
      bundle: true,
      platform: "node",
      format: "esm",
      conditions: ["source"],
      external: ["pg", "mysql2", "better-sqlite3", "kysely"],
      logLevel: "silent",
    });
  });
  afterAll(() => rmSync(dirname(cli), { recursive: true, force: true }));

  const exec = (args: string[], cwd: string, script = cli) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [script, ...args], { cwd, timeout: 15000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  it("runs once when another bin named gatehouse-auth (the gatehouse-auth package's) imports it and calls runCli", async () => {
    // npm links gatehouse-auth's own bin as node_modules/.bin/gatehouse-auth: argv[1] ends in that name,
    // yet this module is not the one Node started, so it must not run the command a second time.
    const dir = mkdtempSync(join(tmpdir(), "gh-cli-wrapper-"));
    writeFileSync(
      join(dir, "wrapper.mjs"),
      `import { runCli } from ${JSON.stringify(pathToFileURL(cli).href)};\nrunCli(process.argv.slice(2)).then((code) => process.exit(code));\n`,
    );
    const bin = join(dir, "gatehouse-auth");
    symlinkSync(join(dir, "wrapper.mjs"), bin);
    const r = await exec(["generate", "--dialect", "sqlite"], emptyDir, bin);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/create table "user"/g)).toHaveLength(1);
  });

  it("explains what a TypeScript config needs instead of failing on the extension", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-cli-ts-"));
    writeFileSync(join(dir, "auth.ts"), "export default { database: null as unknown };\n");
    const r = await exec(["migrate", "--url", join(dir, "x.db")], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("auth.ts is TypeScript");
    expect(r.stderr).toMatch(/experimental-strip-types/);
    expect(r.stderr).toMatch(/tsx/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("migrate --dry-run plans against the config's own database (no --url), changing nothing", async () => {
    // The app's config as a plain-Node app has it: the adapter from a built @gatehouse-auth/kysely.
    const adapterModule = join(dirname(cli), "kysely.mjs");
    const tsup = createRequire(import.meta.url).resolve("tsup");
    const esbuild = createRequire(tsup)("esbuild") as { build(options: Record<string, unknown>): Promise<unknown> };
    await esbuild.build({
      entryPoints: [join(here, "index.ts")],
      outfile: adapterModule,
      bundle: true,
      platform: "node",
      format: "esm",
      conditions: ["source"],
      external: ["pg", "mysql2", "better-sqlite3", "kysely"],
      logLevel: "silent",
    });
    const dir = mkdtempSync(join(tmpdir(), "gh-cli-dry-"));
    const dbFile = join(dir, "app.db");
    writeFileSync(
      join(dir, "auth.mjs"),
      `import Database from ${JSON.stringify(require.resolve("better-sqlite3"))};
       import { kyselyAdapter } from ${JSON.stringify(adapterModule)};
       export default {
         database: kyselyAdapter({ database: new Database(${JSON.stringify(dbFile)}) }),
         user: { additionalFields: { nickname: { type: "string", required: false } } },
       };`,
    );
    const tables = () =>
      (new Database(dbFile).prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[])
        .map((t) => t.name)
        .sort();
    const dry = await exec(["migrate", "--dry-run"], dir);
    expect(dry.stderr).not.toContain("needs --url");
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/create table "user" \([^;]*"nickname"/);
    expect(dry.stdout).toMatch(/-- would apply \d+ statement/);
    expect(tables()).toEqual([]);
    const applied = await exec(["migrate"], dir);
    expect(applied.stdout).toMatch(/-- applied \d+ statement/);
    expect(tables()).toEqual(["account", "rateLimit", "session", "user", "verification"]);
    expect((await exec(["migrate", "--dry-run"], dir)).stdout).toContain("up to date");
  });

  it("runs through npm's bin link, named gatehouse-auth", async () => {
    // npx runs node_modules/.bin/gatehouse-auth, a link to dist/cli.js: argv[1] is the link's path.
    const bin = join(mkdtempSync(join(tmpdir(), "gh-cli-bin-")), "gatehouse-auth");
    symlinkSync(cli, bin);
    const r = await exec(["--help"], emptyDir, bin);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("gatehouse-auth migrate");
  });

  it("answers an unknown flag and a missing --url with one line and exit code 1, no stack trace", async () => {
    const flag = await exec(["migrate", "--bogus"], emptyDir);
    expect(flag.code).toBe(1);
    expect(flag.stderr.trim().split("\n")).toHaveLength(1);
    expect(flag.stderr).toMatch(/^gatehouse: Unknown option '--bogus'/);
    const noUrl = await exec(["migrate"], emptyDir);
    expect(noUrl.code).toBe(1);
    expect(noUrl.stderr).toContain("gatehouse: migrate needs --url");
    expect(noUrl.stderr).not.toMatch(/\n\s+at /);
  });
});
