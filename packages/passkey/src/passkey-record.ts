import type { Db } from "@gatehouse-auth/core";

/** A `passkey` row as stored. */
export interface PasskeyRow {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  transports: string | null;
  createdAt: Date;
  aaguid: string | null;
}

/** A passkey as the API shows it to its owner: everything but the public key. */
export type PublicPasskey = Omit<PasskeyRow, "publicKey">;

export const MODEL = "passkey";

/** The row without its public key. */
export const publicPasskey = ({ publicKey: _, ...rest }: PasskeyRow): PublicPasskey => rest;

/** The user's passkey `id`, or null — also when it is someone else's, so ownership never leaks. */
export function findOwnPasskey(db: Db, userId: string, id: string): Promise<PasskeyRow | null> {
  return db.findOne<PasskeyRow>({
    model: MODEL,
    where: [
      { field: "id", value: id },
      { field: "userId", value: userId },
    ],
  });
}

/** The passkey with this credential ID, or null. */
export function findByCredentialId(db: Db, credentialID: string): Promise<PasskeyRow | null> {
  return db.findOne<PasskeyRow>({ model: MODEL, where: [{ field: "credentialID", value: credentialID }] });
}

/**
 * How many of the user's passkeys registration lists in WebAuthn's excludeCredentials: the newest. An
 * older authenticator past them is not stopped by the browser but by verify-registration, which refuses
 * a credential ID already stored (unique index), so the bound costs a ceremony, never a duplicate.
 */
export const EXCLUDED_PASSKEYS_MAX = 100;

/** The user's newest `limit` passkeys, newest first (on the userId + createdAt index). */
export function newestPasskeys(db: Db, userId: string, limit: number): Promise<PasskeyRow[]> {
  return db.findMany<PasskeyRow>({
    model: MODEL,
    where: [{ field: "userId", value: userId }],
    sortBy: { field: "createdAt", direction: "desc" },
    limit,
  });
}

/**
 * Records the counter a verified assertion carried, only if the stored one is still `seen`: of two
 * assertions racing on one credential, exactly one moves it (the other is refused as a possible clone).
 */
export async function advanceCounter(db: Db, row: PasskeyRow, next: number): Promise<boolean> {
  const changed = await db.updateMany({
    model: MODEL,
    where: [
      { field: "id", value: row.id },
      { field: "counter", value: row.counter },
    ],
    update: { counter: next },
  });
  return changed === 1;
}

/** `transports` as stored (comma-separated) → the list WebAuthn takes. */
export const transportsOf = (row: PasskeyRow): string[] | undefined =>
  row.transports ? row.transports.split(",").filter(Boolean) : undefined;
