import type { Db } from "../db/create-db.js";
import type { Verification } from "../schema/model-types.js";

/** Single-use tokens kept in the verification table. */
export interface VerificationsRepository {
  create(data: { identifier: string; value: string; expiresAt: Date }): Promise<Verification>;
  /** The newest unexpired-or-not record for an identifier; callers check `expiresAt`. */
  find(identifier: string): Promise<Verification | null>;
  /**
   * Deletes the record and returns it only if this call deleted it: of two concurrent consumers of
   * one token exactly one gets it (single use even under races).
   */
  consume(identifier: string): Promise<Verification | null>;
  deleteByIdentifier(identifier: string): Promise<number>;
}

/** Builds the verifications repository over a Db. */
export function createVerificationsRepository(db: Db): VerificationsRepository {
  const find = (identifier: string) =>
    db
      .findMany<Verification>({
        model: "verification",
        where: [{ field: "identifier", value: identifier }],
        sortBy: { field: "createdAt", direction: "desc" },
        limit: 1,
      })
      .then((rows) => rows[0] ?? null);
  return {
    create: (data) => db.create<Verification>({ model: "verification", data }),
    find,
    async consume(identifier) {
      const record = await find(identifier);
      if (!record) return null;
      const deleted = await db.deleteMany({ model: "verification", where: [{ field: "id", value: record.id }] });
      return deleted === 1 ? record : null;
    },
    deleteByIdentifier: (identifier) =>
      db.deleteMany({ model: "verification", where: [{ field: "identifier", value: identifier }] }),
  };
}
