import type { CompiledQuery, DatabaseConnection, Dialect, Driver } from "kysely";
import type { DatabaseWatch } from "./database-watch.js";

/**
 * The dialect with its driver's connection failures turned into `DatabaseUnavailableError` (see
 * database-watch.ts), for every query the Kysely instance runs: the adapter's, its transactions',
 * its migrations' and its readiness ping. Other errors pass unchanged.
 */
export function guardDialect(dialect: Dialect, watch: DatabaseWatch): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => guardDriver(dialect.createDriver(), watch),
  };
}

const patched = new WeakSet<DatabaseConnection>();

function guardDriver(driver: Driver, watch: DatabaseWatch): Driver {
  const mapped = <T>(run: () => Promise<T>): Promise<T> =>
    run().catch((error: unknown) => {
      throw watch.fail(error);
    });
  return {
    init: () => mapped(() => driver.init()),
    async acquireConnection() {
      const connection = await mapped(() => driver.acquireConnection());
      // Patched in place, not wrapped: drivers find their own state on the connection object they made.
      if (!patched.has(connection)) {
        patched.add(connection);
        const execute = connection.executeQuery.bind(connection);
        connection.executeQuery = <R>(query: CompiledQuery) =>
          execute<R>(query).then(
            (result) => {
              watch.ok();
              return result;
            },
            (error: unknown) => {
              throw watch.fail(error);
            },
          );
      }
      return connection;
    },
    beginTransaction: (connection, settings) => mapped(() => driver.beginTransaction(connection, settings)),
    commitTransaction: (connection) => mapped(() => driver.commitTransaction(connection)),
    rollbackTransaction: (connection) => mapped(() => driver.rollbackTransaction(connection)),
    ...(driver.savepoint && {
      savepoint: (connection, name, compile) => mapped(() => driver.savepoint!(connection, name, compile)),
    }),
    ...(driver.rollbackToSavepoint && {
      rollbackToSavepoint: (connection, name, compile) =>
        mapped(() => driver.rollbackToSavepoint!(connection, name, compile)),
    }),
    ...(driver.releaseSavepoint && {
      releaseSavepoint: (connection, name, compile) =>
        mapped(() => driver.releaseSavepoint!(connection, name, compile)),
    }),
    releaseConnection: (connection) => driver.releaseConnection(connection),
    destroy: () => driver.destroy(),
  };
}
