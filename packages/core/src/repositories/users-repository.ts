import type { Db } from "../db/create-db.js";
import type { User } from "../schema/model-types.js";

/** Domain queries on the user table. Returns null for "not found"; never throws for it. */
export interface UsersRepository {
  findById(id: string): Promise<User | null>;
  /** `email` must already be normalized (trimmed, lowercase). */
  findByEmail(email: string): Promise<User | null>;
  create(data: Record<string, unknown>): Promise<User>;
  update(id: string, data: Record<string, unknown>): Promise<User | null>;
  delete(id: string): Promise<void>;
}

/** Builds the users repository over a Db (or a transaction's Db). */
export function createUsersRepository(db: Db): UsersRepository {
  return {
    findById: (id) => db.findOne<User>({ model: "user", where: [{ field: "id", value: id }] }),
    findByEmail: (email) => db.findOne<User>({ model: "user", where: [{ field: "email", value: email }] }),
    create: (data) => db.create<User>({ model: "user", data }),
    update: (id, data) => db.update<User>({ model: "user", where: [{ field: "id", value: id }], update: data }),
    delete: (id) => db.delete({ model: "user", where: [{ field: "id", value: id }] }),
  };
}
