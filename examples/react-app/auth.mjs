// The example app's Gatehouse: every plugin on, emails and texts into the dev mailbox, SQLite by default.
import { mkdirSync } from "node:fs";
import { createAuth } from "@gatehouse/core";
import { createDatabaseFromUrl, kyselyAdapter } from "@gatehouse/kysely";
import { organization } from "@gatehouse/organization";
import { admin } from "@gatehouse/admin";
import { apiKey } from "@gatehouse/api-key";
import { openAPI } from "@gatehouse/open-api";
import { phoneNumber } from "@gatehouse/phone-number";
import { deliver, deliverSms } from "./mailbox.mjs";

export async function createAppAuth({ baseURL, databaseUrl }) {
  let url = databaseUrl;
  if (!url) {
    const dir = new URL("./.data/", import.meta.url);
    mkdirSync(dir, { recursive: true });
    url = new URL("app.db", dir).pathname;
  }
  const db = await createDatabaseFromUrl(url);
  const auth = createAuth({
    database: kyselyAdapter({ database: db.database }),
    // Development only: in production Gatehouse refuses to start without a real 32+ character secret.
    secret: process.env.GATEHOUSE_SECRET ?? "example-app-secret-change-me-0123456789abcdef",
    baseURL,
    trustedOrigins: [baseURL.replace("localhost", "127.0.0.1"), baseURL.replace("127.0.0.1", "localhost")],
    emailAndPassword: {
      enabled: true,
      sendResetPassword: ({ user, url }) => deliver({ to: user.email, subject: "Reset your password", link: url }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, url }) => deliver({ to: user.email, subject: "Verify your email", link: url }),
    },
    plugins: [
      organization({
        teams: { enabled: true },
        sendInvitationEmail: ({ id, email, organization: org }) =>
          deliver({ to: email, subject: `Join ${org.name}`, link: `${baseURL}/accept-invitation/${id}` }),
      }),
      admin(),
      apiKey(),
      // Texts land in the dev mailbox too; in production, sendOTP calls your SMS provider.
      phoneNumber({
        sendOTP: ({ phoneNumber: to, code }) => deliverSms({ to, text: `Your Gatehouse code is ${code}`, code }),
        defaultCountry: "US",
      }),
      openAPI(),
    ],
  });
  await auth.$context.adapter.migrate?.();
  await seedAdmin(auth);
  return { auth, close: db.close };
}

/** A development admin, so the admin page has someone to sign in as. */
async function seedAdmin(auth) {
  const email = "admin@example.com";
  const ctx = auth.$context;
  if (await ctx.users.findByEmail(email)) return;
  const { user } = await auth.api.signUpEmail({ body: { name: "Admin", email, password: "admin-password-123" } });
  await ctx.db.update({
    model: "user",
    where: [{ field: "id", value: user.id }],
    update: { role: "admin", emailVerified: true },
  });
  console.log(`seeded admin: ${email} / admin-password-123`);
}
