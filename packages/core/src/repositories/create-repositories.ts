import type { Db } from "../db/create-db.js";
import { type AccountsRepository, createAccountsRepository } from "./accounts-repository.js";
import { type UsersRepository, createUsersRepository } from "./users-repository.js";
import { type VerificationsRepository, createVerificationsRepository } from "./verifications-repository.js";

/** The core repositories, bound to one Db (the main one or a transaction's). */
export interface Repositories {
  users: UsersRepository;
  accounts: AccountsRepository;
  verifications: VerificationsRepository;
}

/** Builds every core repository over `db`. */
export function createRepositories(db: Db): Repositories {
  return {
    users: createUsersRepository(db),
    accounts: createAccountsRepository(db),
    verifications: createVerificationsRepository(db),
  };
}
