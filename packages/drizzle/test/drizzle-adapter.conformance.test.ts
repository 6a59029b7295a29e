// The shared adapter suite through Drizzle on the three databases, on tables `gatehouse-auth migrate`
// created (drizzle-kit-created tables: drizzle-kit.test.ts).
import type { Schema } from "@gatehouse-auth/core";
import { runAdapterConformance } from "@gatehouse-auth/core/adapter-conformance";
import { drizzleAdapter } from "../src/index.js";
import { drizzleOver, importGeneratedSchema, migrateWithKysely, providers } from "./open-drizzle.js";

for (const [label, provider, open] of providers) {
  runAdapterConformance(`Drizzle on ${label}`, async (schema: Schema) => {
    const opened = await open();
    if ("skip" in opened) return opened;
    await migrateWithKysely(opened.database, schema);
    const { module } = await importGeneratedSchema(schema, provider);
    const db = drizzleOver(provider, opened.database, module);
    return { adapter: drizzleAdapter(db, { provider, schema: module })({ schema }), cleanup: opened.cleanup };
  });
}
