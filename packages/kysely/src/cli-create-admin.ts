import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { normalizeEmail } from "@gatehouse-auth/core";
import type { CliIo } from "./cli-io.js";
import { loadAppAuth } from "./load-app-auth.js";

export const CREATE_ADMIN_USAGE = `  gatehouse-auth create-admin --email <address> [--name <name>] [--role <role>] [--password-stdin]
                              [--promote] [--config <module>]

  create-admin  creates a user with an admin role (the admin plugin's role column) and a password,
             in the database of your auth module, with a verified address. The password is read
             from standard input with --password-stdin (never from an argument: those show in
             ps and shell history); without it a random one is generated and printed once.
             An existing address is refused unless --promote: then its role is set, if the
             address is verified (an unverified account may belong to whoever signed up first).`;

// An address as sign-up accepts it: one @, something on each side, a dot in the domain.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `gatehouse-auth create-admin`: the first admin of a fresh deployment, or a promotion. */
export async function createAdmin(argv: string[], io: CliIo, configFile: string): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "admin" },
      "password-stdin": { type: "boolean" },
      promote: { type: "boolean" },
      config: { type: "string" },
      debug: { type: "boolean" },
    },
  });
  if (!values.email) throw new Error("create-admin needs --email <address>");
  const email = normalizeEmail(values.email);
  if (!EMAIL.test(email) || email.length > 254) throw new Error(`"${values.email}" is not an email address`);
  const role = values.role ?? "admin";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(role)) throw new Error(`--role "${role}" is not a role name`);
  let password: string | undefined;
  if (values["password-stdin"]) {
    if (!io.readStdin) throw new Error("--password-stdin: no standard input here");
    password = (await io.readStdin()).replace(/\r?\n$/, "");
  }

  const app = await loadAppAuth(configFile);
  try {
    const ctx = app.context;
    if (!ctx.schema.user?.fields.role)
      throw new Error(
        "create-admin needs the admin plugin: the user table of this auth has no role column (add admin() to plugins)",
      );
    // Missing tables or columns are named here, before anything is written.
    await app.ready();
    const existing = await ctx.users.findByEmail(email);
    if (existing) {
      if (!values.promote)
        throw new Error(`${email} already has an account: pass --promote to give it the ${role} role`);
      if (!existing.emailVerified)
        throw new Error(
          `${email} has an account whose address is not verified: anyone could have signed it up. Verify it first (or delete it), then --promote`,
        );
      if (password !== undefined) throw new Error("--promote keeps the account's password: drop --password-stdin");
      await ctx.users.update(existing.id, { role });
      io.warn(`gatehouse: ${email} now has the ${role} role`);
      io.out(existing.id);
      return 0;
    }
    const generated = password === undefined;
    const secret = password ?? randomBytes(18).toString("base64url");
    const { minPasswordLength, maxPasswordLength } = ctx.options.emailAndPassword;
    if (secret.length < minPasswordLength || secret.length > maxPasswordLength)
      throw new Error(
        `the password must have ${minPasswordLength} to ${maxPasswordLength} characters (this auth's limits)`,
      );
    const hash = await ctx.passwords.hash(secret);
    const user = await ctx.transaction(async (tx) => {
      const created = await tx.users.create({
        name: values.name ?? email.split("@")[0],
        email,
        emailVerified: true,
        role,
      });
      await tx.accounts.create({ userId: created.id, accountId: created.id, providerId: "credential", password: hash });
      return created;
    });
    io.warn(`gatehouse: created ${email} with the ${role} role`);
    if (generated) io.warn(`gatehouse: its password (shown once): ${secret}`);
    io.out(user.id);
    return 0;
  } finally {
    await app.close();
  }
}
