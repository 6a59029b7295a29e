// Shared by the *.test.ts files of this package: an auth with the audit log and the plugins whose events
// it records, a mail outbox, an injectable clock, admins, and a way to read the stored events.
import { createHmac } from "node:crypto";
import { admin } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { twoFactor } from "@gatehouse-auth/two-factor";
import type { AuditEvent } from "./audit-event.js";
import { auditLog } from "./audit-log-plugin.js";
import type { AuditLogOptions } from "./audit-log-options.js";

/** One captured mail: its kind, address, token and (for changes) the new address. */
export interface Mail {
  type: string;
  to: string;
  token: string;
  newEmail?: string;
}

/** An auth with every plugin the audit log knows, on the memory adapter. */
export function makeAuditAuth(options: AuditLogOptions = {}, extra: Partial<AuthOptions> = {}) {
  const mails: Mail[] = [];
  const clock = { now: Date.now() };
  const logged: unknown[][] = [];
  const plugin = auditLog(options);
  const auth = makeTestAuth({
    emailAndPassword: {
      enabled: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, token }) => void mails.push({ type: "reset", to: user.email, token }),
    },
    emailVerification: {
      sendVerificationEmail: ({ user, token }) => void mails.push({ type: "verify", to: user.email, token }),
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, token }) =>
          void mails.push({ type: "confirm-change", to: user.email, token, newEmail }),
      },
      deleteUser: { enabled: true },
    },
    advanced: { now: () => clock.now },
    logger: { warn: () => {}, error: (...args: unknown[]) => void logged.push(args) },
    ...extra,
    plugins: [
      plugin,
      admin(),
      organization({ sendInvitationEmail: () => {} }),
      apiKey(),
      twoFactor({ issuer: "Test" }),
      ...(extra.plugins ?? []),
    ],
  });
  const lastMail = (to: string, type: string) => {
    const found = mails.filter((m) => m.to === to && m.type === type).at(-1);
    if (!found) throw new Error(`no ${type} mail to ${to}`);
    return found;
  };
  return { auth, plugin, mails, clock, logged, lastMail };
}

/** The env `makeAuditAuth` returns. */
export type AuditEnv = ReturnType<typeof makeAuditAuth>;

/** Lets the background writes (not awaited by the request) land. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Every stored event, oldest first, details parsed. */
export async function storedEvents(env: AuditEnv): Promise<AuditEvent[]> {
  await settle();
  const rows = await env.auth.$context.db.findMany<Record<string, unknown>>({
    model: "auditEvent",
    sortBy: { field: "createdAt", direction: "asc" },
  });
  return rows.map((r) => ({ ...(r as unknown as AuditEvent), details: JSON.parse(String(r.details)) }));
}

/** The stored events of `type`. */
export async function eventsOf(env: AuditEnv, type: string): Promise<AuditEvent[]> {
  return (await storedEvents(env)).filter((e) => e.type === type);
}

let counter = 0;
/** A fresh address. */
export const newEmail = (tag = "u") => `${tag}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A signed-up user (signed in, in its own browser). */
export function newUser(env: AuditEnv, tag = "u") {
  return signUpUser(env.auth, newEmail(tag));
}

/** A signed-up user made admin in storage, then signed in again so the session carries the role. */
export async function newAdmin(env: AuditEnv) {
  const u = await newUser(env, "admin");
  await env.auth.$context.db.update({
    model: "user",
    where: [{ field: "id", value: u.userId }],
    update: { role: "admin" },
  });
  const client = createTestClient(env.auth);
  const r = await client.post("/sign-in/email", { email: u.email, password: u.password });
  if (r.status !== 200) throw new Error(`admin sign-in failed: ${r.status} ${r.text}`);
  return { ...u, client };
}

/** `auth.api.addMember` (server only): makeTestAuth's Auth type does not know the plugins' endpoints. */
export async function addMember(env: AuditEnv, body: { userId: string; role: string; organizationId: string }) {
  const api = env.auth.api as unknown as Record<string, (input: { body: unknown }) => Promise<{ id: string }>>;
  const call = api.addMember;
  if (!call) throw new Error("the organization plugin is not installed");
  return call({ body });
}

/** The TOTP code an authenticator app shows for `uri` at `now` (RFC 6238, SHA-1, 6 digits, 30 s). */
export function totpCode(uri: string, now: number): string {
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secret.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counterBuf = Buffer.alloc(8);
  counterBuf.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const mac = createHmac("sha1", key).update(counterBuf).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, "0");
}

export { createTestClient, signUpUser };
export type { TestClient };
