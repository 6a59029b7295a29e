import { AdapterError } from "@gatehouse-auth/core";
import type { AdapterFactory } from "@gatehouse-auth/core";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import {
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import type { Dialect } from "kysely";
import { PostgresTextIntrospector } from "./postgres-introspector.js";
import { PrismaDriver, SqliteGate } from "./prisma-driver.js";
import type { PrismaClientLike, PrismaTransactionOptions } from "./prisma-driver.js";

export type PrismaAdapterProvider = "sqlite" | "postgresql" | "mysql";

export interface PrismaAdapterOptions {
  /**
   * The database behind the client: "sqlite" (@prisma/adapter-better-sqlite3), "postgresql"
   * (@prisma/adapter-pg), "mysql" (@prisma/adapter-mariadb, MySQL or MariaDB). Read from the client's
   * driver adapter when left out.
   */
  provider?: PrismaAdapterProvider;
  /** Interactive transaction limits in ms (default: 10 s to start, 20 s to finish). */
  transaction?: PrismaTransactionOptions;
}

const DIALECT = { sqlite: "sqlite", postgresql: "postgres", mysql: "mysql" } as const;

/** The provider of the client's driver adapter (Prisma keeps it as `provider` on the adapter factory). */
function providerOf(prisma: object): PrismaAdapterProvider | undefined {
  const engine = prisma as { _engineConfig?: { adapter?: { provider?: string } }; _adapter?: { provider?: string } };
  const p = engine._engineConfig?.adapter?.provider ?? engine._adapter?.provider;
  return p === "sqlite" || p === "postgres" || p === "postgresql" || p === "mysql"
    ? p === "postgres"
      ? "postgresql"
      : p
    : undefined;
}

function kyselyDialect(provider: PrismaAdapterProvider, driver: PrismaDriver): Dialect {
  const parts = {
    sqlite: [SqliteAdapter, SqliteQueryCompiler, SqliteIntrospector],
    postgresql: [PostgresAdapter, PostgresQueryCompiler, PostgresIntrospector],
    mysql: [MysqlAdapter, MysqlQueryCompiler, MysqlIntrospector],
  } as const;
  const [Adapter, Compiler, Introspector] = parts[provider];
  return {
    createAdapter: () => new Adapter(),
    createDriver: () => driver,
    createQueryCompiler: () => new Compiler(),
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes the Kysely instance of any schema.
    createIntrospector: (db: any) =>
      provider === "postgresql" ? new PostgresTextIntrospector(db) : new Introspector(db),
  };
}

/**
 * The Gatehouse adapter over the app's own Prisma Client (Prisma 7, with a driver adapter): its queries
 * are the SQL of Gatehouse's kysely adapter (the same statements, indexes and row codecs), run through
 * the client's `$queryRawUnsafe`/`$executeRawUnsafe` on the app's connection pool, and its
 * transactions are Prisma interactive transactions. The tables are the models that
 * `npx gatehouse-auth generate --orm prisma` writes into schema.prisma.
 *
 * ```ts
 * const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
 * createAuth({ database: prismaAdapter(prisma) });
 * ```
 */
export function prismaAdapter(prisma: object, options: PrismaAdapterOptions = {}): AdapterFactory {
  const client = prisma as Partial<PrismaClientLike>;
  if (
    !client ||
    typeof client.$queryRawUnsafe !== "function" ||
    typeof client.$executeRawUnsafe !== "function" ||
    typeof client.$transaction !== "function"
  )
    throw new TypeError("prismaAdapter: the first argument must be a Prisma Client (new PrismaClient({ adapter }))");
  const provider = options.provider ?? providerOf(prisma);
  if (!provider)
    throw new TypeError(
      'prismaAdapter: cannot tell the database from this client: pass { provider: "sqlite" | "postgresql" | "mysql" }',
    );
  if (!(provider in DIALECT))
    throw new TypeError(
      `prismaAdapter: provider must be "sqlite", "postgresql" or "mysql" (got ${JSON.stringify(provider)})`,
    );
  const driver = new PrismaDriver(
    client as PrismaClientLike,
    {
      maxWait: options.transaction?.maxWait ?? 10_000,
      timeout: options.transaction?.timeout ?? 20_000,
    },
    provider === "sqlite" ? new SqliteGate() : undefined,
  );
  const db = new Kysely({ dialect: kyselyDialect(provider, driver) });
  const dialect = DIALECT[provider];
  // Log lines name the database by its provider only: the client's URL (and password) stays inside Prisma.
  const inner = kyselyAdapter({ db, dialect, where: `the ${provider} database of the Prisma Client given` });
  return (context) => {
    const adapter = inner(context);
    return {
      ...adapter,
      id: "prisma",
      // The tables are Prisma's (prisma migrate / db push from the generated models), not ours to create.
      migrate: undefined,
      async findSchemaGap() {
        const gap = (await adapter.findSchemaGap?.()) ?? { tables: [], columns: [] };
        if (gap.tables.length > 0 || gap.columns.length > 0) {
          const missing = [
            ...gap.tables.map((t) => `table ${t}`),
            ...gap.columns.map((c) => `column ${c.table}.${c.column}`),
          ].join(", ");
          throw new AdapterError(
            `Gatehouse: the database behind the Prisma Client lacks ${missing}. Write the models with \`npx gatehouse-auth generate --orm prisma\`, then create the tables (npx prisma migrate dev, or see docs/prisma.md).`,
          );
        }
        return gap;
      },
    };
  };
}
