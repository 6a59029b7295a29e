// Issue 26: the credential-kind matrix on SQLite (an in-memory database through the kysely adapter).
import Database from "better-sqlite3";
import { credentialMatrixSuite } from "./credential-matrix-suite.js";

credentialMatrixSuite("SQLite", async () => {
  const database = new Database(":memory:");
  return { database, cleanup: async () => void database.close() };
});
