// The credential-kind matrix as a suite, for each database it runs on: the table is complete, every
// route answers every kind as the table says, and copies of routes stripped of their declaration
// (registered by a test plugin) are caught — by the matrix and by the coverage check alike.
import { credentialPolicyOf } from "@gatehouse-auth/core";
import type { SecondaryStorage } from "@gatehouse-auth/core";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MatrixFixtures, checkRoute, prepareMatrix, sessionRoutes } from "./credential-matrix.js";
import { matrixAuth } from "./matrix-auth.js";
import { REVIEWED_WITHOUT_DECLARATION, ROUTE_CREDENTIALS } from "./route-credentials.js";
import { ROUTE_FIXTURES } from "./route-fixtures.js";
import { undeclaredCredentialRoutes } from "./undeclared-credential-routes.js";
import { MUTANT_PREFIX, MUTATED_ROUTES, strippedCredentialsPlugin } from "./stripped-credentials-plugin.js";

/** An opened database for the suite: the kysely adapter's `database`, Redis when used, and the cleanup. */
export interface MatrixDatabase {
  database: unknown;
  secondaryStorage?: SecondaryStorage;
  cleanup(): Promise<void>;
}

export function credentialMatrixSuite(label: string, open: () => Promise<MatrixDatabase | { skip: string }>) {
  let opened: MatrixDatabase | { skip: string } = { skip: "not opened" };
  let f: MatrixFixtures;

  beforeAll(async () => {
    opened = await open();
    if ("skip" in opened) return;
    // The real endpoints, read from an auth that is never used, are what the mutants copy.
    const reference = matrixAuth(new Database(":memory:")).$context.endpoints;
    const auth = matrixAuth(opened.database, opened.secondaryStorage, [strippedCredentialsPlugin(reference)]);
    await auth.$context.adapter.migrate!();
    f = await prepareMatrix(auth);
  }, 120_000);
  afterAll(async () => {
    if (!("skip" in opened)) await opened.cleanup();
  });

  const real = () => sessionRoutes(f.auth).filter((r) => !r.config.path.startsWith(MUTANT_PREFIX));
  const mutants = () => sessionRoutes(f.auth).filter((r) => r.config.path.startsWith(MUTANT_PREFIX));

  describe(`credential-kind matrix on ${label}`, () => {
    it("has a row for every session-reading route, and none for a route that is gone", (ctx) => {
      if ("skip" in opened) return ctx.skip();
      const routes = real().map((r) => r.key);
      expect(routes.filter((k) => !(k in ROUTE_CREDENTIALS))).toEqual([]);
      expect(Object.keys(ROUTE_CREDENTIALS).filter((k) => !routes.includes(k))).toEqual([]);
      expect(Object.keys(ROUTE_FIXTURES).filter((k) => !routes.includes(k))).toEqual([]);
      // A reviewed exception that is gone or now declares `credentials` is stale: its reason no longer holds.
      const byKey = new Map(real().map((r) => [r.key, r]));
      const stale = Object.keys(REVIEWED_WITHOUT_DECLARATION).filter((k) => {
        const route = byKey.get(k);
        return !route || credentialPolicyOf(route.config) !== undefined;
      });
      expect(stale).toEqual([]);
    });

    it("answers every kind on every route as the table says", async (ctx) => {
      if ("skip" in opened) return ctx.skip();
      const offences: string[] = [];
      const routes = real();
      for (const route of routes)
        offences.push(...(await checkRoute(f, route, ROUTE_CREDENTIALS[route.key]!, ROUTE_FIXTURES)));
      expect(routes.length).toBeGreaterThan(70);
      expect(offences).toEqual([]);
    }, 600_000);

    it("catches a route whose credentials declaration was stripped", async (ctx) => {
      if ("skip" in opened) return ctx.skip();
      const found = mutants();
      expect(found.map((r) => r.key.replace(MUTANT_PREFIX, "")).sort()).toEqual([...MUTATED_ROUTES].sort());
      for (const mutant of found) {
        // The mutant is checked against its original's row: what the route should still accept.
        const original = ROUTE_CREDENTIALS[mutant.key.replace(MUTANT_PREFIX, "")]!;
        const offences = await checkRoute(f, mutant, original, {});
        expect(
          offences.some((o) => o.includes("with impersonation")),
          `${mutant.key}: ${offences}`,
        ).toBe(true);
      }
      // The coverage check names each of them too, and no real route.
      expect(undeclaredCredentialRoutes(sessionRoutes(f.auth)).sort()).toEqual(found.map((r) => r.key).sort());
    }, 120_000);
  });
}
