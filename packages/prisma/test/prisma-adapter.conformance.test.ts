// The shared adapter suite through prismaAdapter over a generated Prisma Client on the three databases.
import type { Schema } from "@gatehouse-auth/core";
import { runAdapterConformance } from "@gatehouse-auth/core/adapter-conformance";
import { prismaAdapter } from "../src/index.js";
import { providers } from "./open-prisma.js";

for (const [label, open] of providers) {
  runAdapterConformance(`Prisma on ${label}`, async (schema: Schema) => {
    const opened = await open(schema);
    if ("skip" in opened) return opened;
    return { adapter: prismaAdapter(opened.prisma)({ schema }), cleanup: opened.cleanup };
  });
}
