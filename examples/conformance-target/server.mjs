// Conformance target (../shared/conformance/TARGET.md): Gatehouse on a fresh embedded SQLite store
// (or DATABASE_URL), with the test outbox and a mock of GitHub's OAuth endpoints.
import { createServer } from "node:http";
import { createAuth } from "@gatehouse/core";
import { toNodeHandler } from "@gatehouse/core/node";
import { organization } from "@gatehouse/organization";
import { openAPI } from "@gatehouse/open-api";
import { apiKey } from "@gatehouse/api-key";
import { admin } from "@gatehouse/admin";
import { handleOutbox, record } from "./outbox.mjs";
import { githubMockFetch } from "./github-mock.mjs";
import { openDatabase } from "./database.mjs";

const port = Number(process.env.PORT ?? 4100);
const profile = process.env.PROFILE ?? "default";
const baseURL = `http://127.0.0.1:${port}`;

const database = await openDatabase(process.env.DATABASE_URL);

const auth = createAuth({
  database: database.adapter,
  secret: "conformance-secret-0123456789abcdef0123456789abcdef",
  baseURL,
  trustedOrigins: ["http://localhost:5173"],
  emailAndPassword: {
    enabled: true,
    minPasswordLength: 8,
    maxPasswordLength: 128,
    requireEmailVerification: profile === "verify-required",
    resetPasswordTokenExpiresIn: 3600,
    sendResetPassword: ({ user, url, token }) => record({ type: "reset-password", to: user.email, url, token }),
  },
  emailVerification: {
    sendOnSignUp: true,
    sendOnSignIn: true,
    autoSignInAfterVerification: true,
    expiresIn: 3600,
    sendVerificationEmail: ({ user, url, token }) => record({ type: "verify-email", to: user.email, url, token }),
  },
  user: {
    additionalFields: { nickname: { type: "string", required: false } },
    changeEmail: {
      enabled: true,
      sendChangeEmailConfirmation: ({ user, newEmail, url, token }) =>
        record({ type: "change-email-confirmation", to: user.email, url, token, newEmail }),
    },
    deleteUser: {
      enabled: true,
      sendDeleteAccountVerification: ({ user, url, token }) =>
        record({ type: "delete-account", to: user.email, url, token }),
    },
  },
  account: { accountLinking: { enabled: true, trustedProviders: ["github"] } },
  socialProviders: {
    github: { clientId: "conformance-client", clientSecret: "conformance-secret", fetch: githubMockFetch },
  },
  session: { cookieCache: { enabled: process.env.COOKIE_CACHE === "1", maxAge: 300 } },
  rateLimit:
    profile === "rate-limit"
      ? {
          enabled: true,
          window: 60,
          max: 1000,
          customRules: { "/sign-in/email": { window: 60, max: 3 }, "/sign-up/*": false },
        }
      : { enabled: false },
  plugins: [
    organization({
      teams: { enabled: true, maximumTeams: 10, allowRemovingAllTeams: false },
      membershipLimit: 100,
      invitationExpiresIn: 172800,
      sendInvitationEmail: ({ id, email }) =>
        record({ type: "invitation", to: email, url: `${baseURL}/accept-invitation/${id}`, id }),
    }),
    openAPI(),
    admin(),
    // TARGET.md: 5 requests per key per 60 s. API_KEY_RATE_LIMIT (benchmarks only) sets the maximum; 0 turns it off.
    apiKey({
      rateLimit: {
        enabled: process.env.API_KEY_RATE_LIMIT !== "0",
        timeWindow: 60,
        maxRequests: Number(process.env.API_KEY_RATE_LIMIT ?? 5),
      },
    }),
  ],
  logger: { error: (...args) => console.error(...args), warn: () => {} },
});

await auth.$context.adapter.migrate?.();
await auth.ready();

// TARGET.md: every fresh store holds the seeded admin, the suite's only way into the admin routes.
{
  const ctx = auth.$context;
  const password = await ctx.passwords.hash("admin-password-123");
  await ctx.transaction(async (tx) => {
    const user = await tx.users.create({
      name: "Admin",
      email: "admin@example.com",
      emailVerified: true,
      role: "admin",
    });
    await tx.accounts.create({ userId: user.id, accountId: user.id, providerId: "credential", password });
  });
}

const authHandler = toNodeHandler(auth);
const server = createServer((req, res) => {
  if (handleOutbox(req, res)) return;
  authHandler(req, res);
});
server.listen(port, "127.0.0.1", () => console.log(`conformance target ready on ${baseURL} (${profile})`));

const stop = async () => {
  server.close();
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
