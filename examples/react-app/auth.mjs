// The example app's Gatehouse: every plugin on, emails and texts into the dev mailbox, SQLite by default.
import { mkdirSync } from "node:fs";
import { createAccessControl, createAuth } from "@gatehouse-auth/core";
import { createDatabaseFromUrl, kyselyAdapter } from "@gatehouse-auth/kysely";
import { organization } from "@gatehouse-auth/organization";
import { admin, adminStatements } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import { openAPI } from "@gatehouse-auth/open-api";
import { phoneNumber } from "@gatehouse-auth/phone-number";
import { twoFactor } from "@gatehouse-auth/two-factor";
import { magicLink } from "@gatehouse-auth/magic-link";
import { emailOTP } from "@gatehouse-auth/email-otp";
import { username } from "@gatehouse-auth/username";
import { passkey } from "@gatehouse-auth/passkey";
import { multiSession } from "@gatehouse-auth/multi-session";
import { auditLog, auditLogStatements } from "@gatehouse-auth/audit-log";
import { dashboard, dashboardStatements } from "@gatehouse-auth/dashboard";
import { jwt } from "@gatehouse-auth/jwt";
import { oauthProvider } from "@gatehouse-auth/oauth-provider";
import { scim } from "@gatehouse-auth/scim";
import { sso } from "@gatehouse-auth/sso";
import { deliver, deliverSms, openMailbox } from "./mailbox.mjs";

const OTP_SUBJECTS = {
  "sign-in": "Your sign-in code",
  "email-verification": "Your email verification code",
  "forget-password": "Your password reset code",
};

// One access control over the admin plugin's, the audit log's and the dashboard's statements, and one
// role map given to all three plugins: each enforces its own endpoints with it, and the dashboard shows
// each user only what it grants.
const ac = createAccessControl({ ...adminStatements, ...auditLogStatements, ...dashboardStatements });
const roles = {
  admin: ac.newRole(ac.statements),
  // Support staff look people, sessions and organizations up and read the audit log; they cannot ban,
  // change roles, impersonate, delete, end sessions, set passwords, or see or delete API keys.
  support: ac.newRole({
    dashboard: ["view"],
    user: ["list", "get"],
    session: ["list"],
    organization: ["list", "get"],
    auditLog: ["list"],
  }),
  user: ac.newRole({}),
};

/** The demo partner's client id (its callback is this app's /partner/callback page). */
export const PARTNER_CLIENT_ID = "partner-app";

export async function createAppAuth({ baseURL, databaseUrl }) {
  let url = databaseUrl;
  if (!url) {
    const dir = new URL("./.data/", import.meta.url);
    mkdirSync(dir, { recursive: true });
    url = new URL("app.db", dir).pathname;
  }
  const db = await createDatabaseFromUrl(url);
  // The dev mailbox survives restarts: saved beside a SQLite file, or in .data/ for a database server.
  let mailbox = process.env.MAILBOX_FILE;
  if (!mailbox && /^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^file:/i.test(url)) {
    const dir = new URL("./.data/", import.meta.url);
    mkdirSync(dir, { recursive: true });
    mailbox = new URL("mailbox.json", dir).pathname;
  }
  openMailbox(mailbox ?? `${url.replace(/^(sqlite|file):(\/\/)?/i, "")}.mailbox.json`);
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
    // The browser e2e tests drive many sign-ins from one address within seconds; they turn the
    // per-client limits off. Never set this in production.
    ...(process.env.GATEHOUSE_RATE_LIMIT === "off" ? { rateLimit: { enabled: false } } : {}),
    user: {
      // Changing a verified address is confirmed from the current one first, then the new one verified.
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, url }) =>
          deliver({ to: user.email, subject: `Confirm the change of your email to ${newEmail}`, link: url }),
      },
      // No deletion email: the password (or a fresh session, for an account without one) suffices.
      deleteUser: { enabled: true },
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
      admin({ ac, roles }),
      apiKey(),
      // Texts land in the dev mailbox too; in production, sendOTP calls your SMS provider.
      phoneNumber({
        sendOTP: ({ phoneNumber: to, code }) => deliverSms({ to, text: `Your Gatehouse code is ${code}`, code }),
        defaultCountry: "US",
      }),
      username(),
      magicLink({
        sendMagicLink: ({ email, url }) => deliver({ to: email, subject: "Your sign-in link", link: url }),
      }),
      emailOTP({
        sendVerificationOTP: ({ email, otp, type }) =>
          deliver({ to: email, subject: OTP_SUBJECTS[type] ?? "Your code", text: `Your code is ${otp}`, code: otp }),
      }),
      twoFactor({
        issuer: "Gatehouse example",
        // The second factor by email: the code lands in the dev mailbox.
        otp: {
          sendOTP: ({ user, code }) =>
            deliver({ to: user.email, subject: "Your two-factor code", text: `Your two-factor code is ${code}`, code }),
        },
        // Sign-ins by a mailed link (GET) that need the second factor land on the app's page for it.
        twoFactorPage: `${baseURL}/two-factor`,
      }),
      // Passkeys for the base URL's host (rpID "localhost" in development: WebAuthn needs a domain, not 127.0.0.1).
      passkey({ rpName: "Gatehouse example" }),
      // Several accounts in one browser: the account switcher at /accounts.
      multiSession(),
      // Sign-ins, changes and admin actions, for the security log page (and /admin/audit-log).
      auditLog({ retentionDays: 90, roles }),
      // The admin dashboard at /api/auth/dashboard: everything for "admin", a read-only part for
      // "support". A visit without a session goes to the app's sign-in page with callbackURL set to the
      // dashboard.
      dashboard({ roles, appUrl: "/", signInUrl: "/sign-in" }),
      openAPI(),
      // The app as an OAuth 2.1 / OpenID Connect provider ("Sign in with Gatehouse"): the jwt plugin's keys
      // sign the ID tokens. Two demo clients: a partner's web app (asks for consent on /consent, listed under
      // Account → Authorized apps) and a TV that signs in with the device flow (approved on /device).
      jwt(),
      oauthProvider({
        loginPage: "/sign-in",
        consentPage: "/consent",
        devicePage: "/device",
        clients: [
          {
            clientId: PARTNER_CLIENT_ID,
            name: "Partner app",
            // Development only, like the secret above: a real client's secret is a long random string.
            clientSecret: process.env.PARTNER_CLIENT_SECRET ?? "partner-app-secret-change-me-0123456789",
            // A page of this app stands in for the partner's callback: it shows what the partner received.
            redirectUris: [`${baseURL}/partner/callback`],
          },
          {
            clientId: "demo-tv",
            name: "Living-room TV",
            redirectUris: [],
            grantTypes: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
          },
        ],
      }),
      // Enterprise sign-in per organization (Organization → Single sign-on): SAML or OIDC connections,
      // domains proved by a DNS TXT record, SSO enforcement with break-glass owners. SSO_DNS_SERVERS
      // ("host:port", comma-separated) points the TXT lookups at chosen servers (the browser test runs
      // one); SSO_IDP_ORIGINS lets identity providers on this machine (http://127.0.0.1:…) be used,
      // which production never needs: there every IdP is https on a public host.
      sso({
        domainVerification: { dnsServers: listFromEnv("SSO_DNS_SERVERS") },
        oidc: { loopbackOrigins: listFromEnv("SSO_IDP_ORIGINS") },
      }),
      // SCIM 2.0 at /api/auth/scim/v2: the identity provider creates, updates and deactivates members
      // with a bearer token an owner or admin generates on the same page.
      scim(),
    ],
  });
  await auth.$context.adapter.migrate?.();
  await seedUser(auth, { name: "Admin", email: "admin@example.com", password: "admin-password-123", role: "admin" });
  await seedUser(auth, {
    name: "Support",
    email: "support@example.com",
    password: "support-password-123",
    role: "support",
  });
  return { auth, close: db.close };
}

/** A comma-separated environment variable as a list (empty when unset). */
function listFromEnv(name) {
  return (process.env[name] ?? "").split(",").filter(Boolean);
}

/** A development user with a role (the admin, the support agent), so there is someone to sign in as. */
async function seedUser(auth, { name, email, password, role }) {
  const ctx = auth.$context;
  if (await ctx.users.findByEmail(email)) return;
  const { user } = await auth.api.signUpEmail({ body: { name, email, password } });
  await ctx.db.update({
    model: "user",
    where: [{ field: "id", value: user.id }],
    update: { role, emailVerified: true },
  });
  console.log(`seeded ${role}: ${email} / ${password}`);
}
