import type { Db } from "../db/create-db.js";
import type { Account } from "../schema/model-types.js";

/** The providerId of email-and-password accounts. */
export const CREDENTIAL_PROVIDER = "credential";

/** Domain queries on the account table. */
export interface AccountsRepository {
  findCredential(userId: string): Promise<Account | null>;
  findByProvider(providerId: string, accountId: string): Promise<Account | null>;
  listByUser(userId: string): Promise<Account[]>;
  create(data: Record<string, unknown>): Promise<Account>;
  update(id: string, data: Record<string, unknown>): Promise<Account | null>;
  delete(id: string): Promise<void>;
  deleteByUser(userId: string): Promise<number>;
}

/** Builds the accounts repository over a Db. */
export function createAccountsRepository(db: Db): AccountsRepository {
  return {
    findCredential: (userId) =>
      db.findOne<Account>({
        model: "account",
        where: [
          { field: "userId", value: userId },
          { field: "providerId", value: CREDENTIAL_PROVIDER },
        ],
      }),
    findByProvider: (providerId, accountId) =>
      db.findOne<Account>({
        model: "account",
        where: [
          { field: "providerId", value: providerId },
          { field: "accountId", value: accountId },
        ],
      }),
    listByUser: (userId) =>
      db.findMany<Account>({
        model: "account",
        where: [{ field: "userId", value: userId }],
        sortBy: { field: "createdAt", direction: "asc" },
      }),
    create: (data) => db.create<Account>({ model: "account", data }),
    update: (id, data) => db.update<Account>({ model: "account", where: [{ field: "id", value: id }], update: data }),
    delete: (id) => db.delete({ model: "account", where: [{ field: "id", value: id }] }),
    deleteByUser: (userId) => db.deleteMany({ model: "account", where: [{ field: "userId", value: userId }] }),
  };
}
