import type { AuthContext, Db, User } from "@gatehouse-auth/core";

/** The user whose `phoneNumber` is `phoneNumber` (E.164), or null. */
export function findUserByPhone(auth: Pick<AuthContext, "db">, phoneNumber: string, db: Db = auth.db) {
  return db.findOne<User & { phoneNumber?: string | null; phoneNumberVerified?: boolean }>({
    model: "user",
    where: [{ field: "phoneNumber", value: phoneNumber }],
  });
}
