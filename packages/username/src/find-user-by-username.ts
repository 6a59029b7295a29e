import type { Db, User } from "@gatehouse-auth/core";

/** The user holding `username` (already normalized, lower-case), or null. */
export function findUserByUsername(db: Db, username: string): Promise<User | null> {
  return db.findOne<User>({ model: "user", where: [{ field: "username", value: username }] });
}
