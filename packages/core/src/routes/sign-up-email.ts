import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { tokenUserResponse } from "../api/response-shapes.js";
import { UniqueConstraintError } from "../adapter/adapter-errors.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { CREDENTIAL_PROVIDER } from "../repositories/accounts-repository.js";
import { setSessionCookie } from "../session/session-cookies.js";
import { normalizeEmail } from "../user/normalize-email.js";
import { sendVerificationEmail } from "../email/send-verification-email.js";

const signUpEmailBody = z
  .object({
    name: z.string().min(1).max(256),
    email: z.string(),
    password: z.string(),
    image: z.string().max(2048).nullish(),
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
        CORE_ERRORS.USER_ALREADY_EXISTS,
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
    const extra = ctx.auth.userInput.parse(ctx.body, "create", OWN_KEYS);
    if (await ctx.auth.users.findByEmail(email)) throw new AuthError(CORE_ERRORS.USER_ALREADY_EXISTS);
    const hash = await passwords.hash(password);
    const signIn = rules.autoSignIn && !rules.requireEmailVerification;

    const created = await ctx.auth
      .transaction(async (tx) => {
        const user = await tx.users.create({ ...extra, name, email, image: image ?? null, emailVerified: false });
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
      .catch((error: unknown) => {
        // Two sign-ups racing for one email: the unique index decides, the loser gets a clean 422.
        if (error instanceof UniqueConstraintError) throw new AuthError(CORE_ERRORS.USER_ALREADY_EXISTS);
        throw error;
      });

    if (created.session) setSessionCookie(ctx, created.session, rememberMe !== false);
    if (options.emailVerification.sendOnSignUp) {
      await sendVerificationEmail(ctx, created.user, { callbackURL: ctx.body.callbackURL });
    }
    return { token: created.session?.session.token ?? null, user: sessions.publicUser(created.user) };
  },
);
