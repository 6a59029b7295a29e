import { AuthError, defineEndpoint, setSessionCookie, tokenUserResponse } from "@gatehouse-auth/core";
import type { AuthenticationResponseJSON, AuthenticatorTransport } from "@simplewebauthn/server";
import { z } from "zod";
import { takeCeremony } from "../passkey-challenge.js";
import { PASSKEY_ERRORS } from "../passkey-errors.js";
import type { ResolvedPasskeyOptions } from "../passkey-options.js";
import { advanceCounter, findByCredentialId, transportsOf } from "../passkey-record.js";
import { relyingParty } from "../relying-party.js";
import { webauthnServer } from "../webauthn-server.js";
import { authenticationResponseInput } from "../webauthn-input.js";

const body = z.strictObject({ response: authenticationResponseInput, rememberMe: z.boolean().optional() });

/**
 * Tag that `@gatehouse-auth/two-factor` gives the endpoints that complete a sign-in, so its interceptor does
 * not hold them. A passkey assertion here always carries user verification (a PIN or biometric on the
 * authenticator, on top of possessing it): two factors in one step, so it is not held for a second.
 */
const COMPLETES_TWO_FACTOR = "two-factor";

/**
 * POST /passkey/verify-authentication {response, rememberMe?}: checks the assertion against this
 * browser's sign-in challenge (spent whatever the outcome), the stored public key, the origin, the RP
 * ID and user verification; refuses a signature counter that did not move forward (a cloned
 * authenticator), except 0 → 0 for authenticators without one; then signs the credential's owner in
 * through core's session service (validateUser, bans, session caps) and sets the session cookie.
 */
export const verifyAuthentication = (o: ResolvedPasskeyOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/passkey/verify-authentication",
      body,
      tags: ["creates-session", "sign-in", COMPLETES_TWO_FACTOR],
      openapi: {
        summary: "Sign in with a passkey",
        description: "Verifies the assertion for the pending challenge, creates the session and sets its cookie.",
        response: tokenUserResponse,
        errors: [PASSKEY_ERRORS.PASSKEY_CHALLENGE_INVALID, PASSKEY_ERRORS.PASSKEY_AUTHENTICATION_FAILED],
      },
    },
    async (ctx) => {
      const { verifyAuthenticationResponse, isoBase64URL } = await webauthnServer();
      const ceremony = await takeCeremony(ctx, "authentication");
      if (!ceremony) throw new AuthError(PASSKEY_ERRORS.PASSKEY_CHALLENGE_INVALID, { cookies: ctx.cookies });
      const fail = () => new AuthError(PASSKEY_ERRORS.PASSKEY_AUTHENTICATION_FAILED, { cookies: ctx.cookies });
      const { response } = ctx.body;
      if (response.id !== response.rawId) throw fail();
      const passkey = await findByCredentialId(ctx.auth.db, response.id);
      if (!passkey) throw fail();
      // A discoverable credential names its user; it must be the passkey's owner.
      if (response.response.userHandle !== undefined) {
        const handle = new TextDecoder().decode(isoBase64URL.toBuffer(response.response.userHandle));
        if (handle !== passkey.userId) throw fail();
      }
      const rp = relyingParty(ctx.auth, o);
      const verified = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialID,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: transportsOf(passkey) as AuthenticatorTransport[] | undefined,
        },
      }).catch(() => null);
      if (!verified?.verified) throw fail();
      // The library refuses a counter that did not increase (0 → 0 allowed); the conditional write also
      // refuses a parallel assertion that raced this one past that check.
      if (!(await advanceCounter(ctx.auth.db, passkey, verified.authenticationInfo.newCounter))) throw fail();
      const user = await ctx.auth.users.findById(passkey.userId);
      if (!user) throw fail();
      const data = await ctx.auth.sessions.create(ctx.auth.db, user, {
        ipAddress: ctx.clientIp,
        userAgent: ctx.headers.get("user-agent") ?? undefined,
      });
      setSessionCookie(ctx, data, ctx.body.rememberMe !== false);
      return { redirect: false, token: data.session.token, url: null, user: data.user };
    },
  );
