import type { AdditionalField } from "../options/auth-options.js";
import type { FieldType } from "./schema-types.js";

/** A user as the API returns it. Additional fields appear as extra keys. */
export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image?: string | null;
  createdAt: Date;
  updatedAt: Date;
  [field: string]: unknown;
}

/** A session as the API returns it: `token` is the bearer token, never what the database stores. */
export interface Session {
  id: string;
  token: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  [field: string]: unknown;
}

/** What get-session answers for a signed-in request. */
export interface SessionWithUser {
  session: Session;
  user: User;
}

/** A linked sign-in method: `credential` for email and password, else a social provider id. */
export interface Account {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken?: string | null;
  refreshToken?: string | null;
  idToken?: string | null;
  accessTokenExpiresAt?: Date | null;
  refreshTokenExpiresAt?: Date | null;
  scope?: string | null;
  password?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A single-use token record (SPEC.md §3 verification). */
export interface Verification {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

type FieldValue<T extends FieldType> = T extends "string"
  ? string
  : T extends "number"
    ? number
    : T extends "boolean"
      ? boolean
      : T extends "date"
        ? Date
        : unknown;

/** The TypeScript shape of declared additional fields. */
export type InferAdditionalFields<F extends Record<string, AdditionalField> | undefined> =
  F extends Record<string, AdditionalField>
    ? { [K in keyof F as F[K]["required"] extends true ? K : never]: FieldValue<F[K]["type"]> } & {
        [K in keyof F as F[K]["required"] extends true ? never : K]?: FieldValue<F[K]["type"]> | null;
      }
    : {};
