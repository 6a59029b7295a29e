// The Drizzle and Prisma generators pick up the api-key plugin's organizationId column and the
// (organizationId, createdAt, id) index of an organization's paged key list, under migrate's names.
import { apiKey } from "@gatehouse-auth/api-key";
import { makeTestAuth } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { generateDrizzleSchema } from "./generate-drizzle-schema.js";
import { generatePrismaModels } from "./generate-prisma-schema.js";

const schema = makeTestAuth({ plugins: [apiKey()] }).$context.schema;

describe("generated schemas of organization API keys", () => {
  it("Drizzle: the nullable column and the compound index, on every dialect", () => {
    for (const dialect of ["sqlite", "pg", "mysql"] as const) {
      const out = generateDrizzleSchema(schema, dialect);
      expect(out, dialect).toMatch(/organizationId: \w+\("organizationId"[^\n]*\),\n/);
      expect(out, dialect).toContain('index("apikey_organizationId_createdAt_id_idx").on(');
    }
  });

  it("Prisma: an optional field and @@index on every provider", () => {
    for (const provider of ["sqlite", "postgresql", "mysql"] as const) {
      const out = generatePrismaModels(schema, provider);
      expect(out, provider).toMatch(/\n\s+organizationId\s+String\?/);
      expect(out, provider).toContain(
        '@@index([organizationId, createdAt, id], map: "apikey_organizationId_createdAt_id_idx")',
      );
    }
  });
});
