import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import type { EndpointContext } from "../api/define-endpoint.js";
import { userFields } from "../schema/core-schema.js";
import { stringInput } from "../schema/field-input.js";
import { tokenUserResponse } from "../api/response-shapes.js";
import { UniqueConstraintError } from "../adapter/adapter-errors.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { CREDENTIAL_PROVIDER } from "../repositories/accounts-repository.js";
import { setSessionCookie } from "../session/session-cookies.js";
import { normalizeEmail } from "../user/normalize-email.js";
import { issueDecoyVerification, sendVerificationEmail } from "../email/send-verification-email.js";
import { buildUnsavedRow } from "../db/build-unsaved-row.js";
import type { User } from "../schema/model-types.js";

const signUpEmailBody = z
  .object({
    name: stringInput(userFields.name).min(1),
    email: z.string(),
    password: z.string(),
    image: stringInput(userFields.image).nullish(),
    callbackURL: z.string().optional(),
    rememberMe: z.boolean().optional(),
  })
  .catchall(z.unknown());
const OWN_KEYS = new Set(Object.keys(signUpEmailBody.shape));

/** POST /sign-up/email: creates user + credential account (+ session) in one transaction. */
export const signUpEmail = defineEndpoint(
  {
    method: "POST",
    path: "/sign-up/email",
    body: signUpEmailBody,
    tags: ["creates-user", "creates-session", "sign-up"],
    openapi: {
      summary: "Sign up with email and password",
      description: "token is null when no session is created (email verification required, or auto sign-in off).",
      response: tokenUserResponse,
      errors: [
        CORE_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL,
        CORE_ERRORS.INVALID_EMAIL,
        CORE_ERRORS.PASSWORD_TOO_SHORT,
        CORE_ERRORS.PASSWORD_TOO_LONG,
        CORE_ERRORS.EMAIL_PASSWORD_SIGN_UP_DISABLED,
      ],
    },
  },
  async (ctx) => {
    const { options, passwords, sessions } = ctx.auth;
    const rules = options.emailAndPassword;
    if (!rules.enabled) throw new AuthError(CORE_ERRORS.EMAIL_PASSWORD_DISABLED);
    if (rules.disableSignUp) throw new AuthError(CORE_ERRORS.EMAIL_PASSWORD_SIGN_UP_DISABLED);
    const { name, password, image, rememberMe } = ctx.body;
    const email = normalizeEmail(ctx.body.email);
    passwords.assertValidLength(password);
    const { columns: extra, plugins: pluginColumns } = await ctx.auth.userInput.readWithPlugins(
      ctx.body,
      "create",
      OWN_KEYS,
      { ctx, user: null },
    );
    // When sign-up signs nobody in (email verification required), a registered address gets the answer
    // a new one would: the 422 would tell anyone which addresses have accounts. Otherwise the 422 stays
    // (SPEC.md §5): a sign-up that signs in cannot be faked.
    const quiet = rules.requireEmailVerification;
    const existing = await ctx.auth.users.findByEmail(email);
    if (existing && !quiet) throw new AuthError(CORE_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL);
    const hash = await passwords.hash(password);
    const data = { ...extra, name, email, image: image ?? null, emailVerified: false };
    if (existing) return answerAsNewSignUp(ctx, existing, data);
    const signIn = rules.autoSignIn && !quiet;

    const created = await ctx.auth
      .transaction(async (tx) => {
        const user = await tx.users.create(data);
        await tx.accounts.create({
          userId: user.id,
          accountId: user.id,
          providerId: CREDENTIAL_PROVIDER,
          password: hash,
        });
        const session = signIn
          ? await sessions.create(tx.db, user, {
              ipAddress: ctx.clientIp,
              userAgent: ctx.headers.get("user-agent") ?? undefined,
            })
          : null;
        return { user, session };
      })
      .catch(async (error: unknown) => {
        // Two sign-ups racing for one email: the unique index decides, the loser gets a clean 422.
        if (error instanceof UniqueConstraintError) {
          // Or for a plugin's unique column (a username): that plugin answers with its own error.
          await ctx.auth.userInput.explainConflict(pluginColumns, ctx);
          if (quiet) return null;
          throw new AuthError(CORE_ERRORS.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL);
        }
        throw error;
      });
    if (!created) return answerAsNewSignUp(ctx, null, data);

    if (created.session) setSessionCookie(ctx, created.session, rememberMe !== false);
    if (options.emailVerification.sendOnSignUp) {
      await sendVerificationEmail(ctx, created.user, { callbackURL: ctx.body.callbackURL });
    }
    return { token: created.session?.session.token ?? null, user: sessions.publicUser(created.user) };
  },
);

type SignUpCtx = Pick<EndpointContext<{ callbackURL?: string }, unknown, undefined>, "auth" | "headers" | "body">;

/**
 * The answer of a sign-up that created nothing because the address is registered: the shape a new
 * sign-up has (`token: null`, a user with a fresh id and these fields), and the same storage work
 * (one verification token). An unverified owner gets a new verification link, which can only help
 * them; otherwise the token is a decoy mailed to no one.
 */
async function answerAsNewSignUp(ctx: SignUpCtx, existing: User | null, data: Record<string, unknown>) {
  const { auth } = ctx;
  if (auth.options.emailVerification.sendOnSignUp) {
    if (existing && !existing.emailVerified) {
      await sendVerificationEmail(ctx, existing, { callbackURL: ctx.body.callbackURL });
    } else {
      await issueDecoyVerification(ctx);
    }
  }
  return { token: null, user: auth.sessions.publicUser(buildUnsavedRow(auth.schema, "user", data)) };
}
