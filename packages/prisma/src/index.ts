export { prismaAdapter } from "./prisma-adapter.js";
export type { PrismaAdapterOptions, PrismaAdapterProvider } from "./prisma-adapter.js";
export type { PrismaTransactionOptions } from "./prisma-driver.js";
