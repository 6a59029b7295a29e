// Every kysely value the adapter uses at run time, and the only module that imports them (types come
// from "kysely" directly). The published build does not load kysely's ~260 ES module files: it ships
// these exports, bundled and minified, as dist/kysely-vendored.js (tsup.config.ts), because resolving
// and compiling that many files cost ~100 ms of every process's start-up on Node 20 (issue 19,
// docs/performance.md). kysely stays a dependency pinned to the exact version bundled, so `npm audit`
// and the types see the code that runs; kysely-runtime.test.ts checks the two agree.
export {
  CompiledQuery,
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlDialect,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteDialect,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from "kysely";
