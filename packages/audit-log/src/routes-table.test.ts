import { methodsOf } from "@gatehouse-auth/core";
import { generateDocument, resolveOpenAPIOptions } from "@gatehouse-auth/open-api";
import { describe, expect, it } from "vitest";
import { auditLog } from "./audit-log-plugin.js";
import { auditLogClient } from "./client.js";
import { AUDIT_LOG_ROUTES } from "./routes-table.js";
import { makeAuditAuth } from "./test-helpers.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(auditLog().endpoints)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(AUDIT_LOG_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(auditLogClient().routes).toBe(AUDIT_LOG_ROUTES);
  });

  it("shows every route in the OpenAPI document, with a summary and its errors", async () => {
    const env = makeAuditAuth();
    await env.auth.ready();
    const doc = generateDocument(env.auth.$context, resolveOpenAPIOptions({}));
    for (const r of Object.values(AUDIT_LOG_ROUTES)) {
      const op = doc.paths[r.path]?.get;
      expect(op, r.path).toBeDefined();
      expect(op?.summary?.length).toBeGreaterThan(0);
    }
    expect(JSON.stringify(doc.paths["/admin/audit-log"])).toContain("AUDIT_LOG_NOT_ALLOWED");
  });
});
