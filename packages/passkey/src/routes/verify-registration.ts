import { AuthError, UniqueConstraintError, defineEndpoint, stringInput } from "@gatehouse-auth/core";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";
import { takeCeremony } from "../passkey-challenge.js";
import { PASSKEY_ERRORS } from "../passkey-errors.js";
import type { ResolvedPasskeyOptions } from "../passkey-options.js";
import { MODEL, type PasskeyRow, findByCredentialId, publicPasskey } from "../passkey-record.js";
import { passkeySchema } from "../passkey-schema.js";
import { knownTransports, registrationResponseInput } from "../webauthn-input.js";
import { relyingParty } from "../relying-party.js";
import { webauthnServer } from "../webauthn-server.js";
import { passkeyResponse } from "./passkey-response.js";

const body = z.strictObject({
  response: registrationResponseInput,
  name: stringInput(passkeySchema.passkey.fields.name).trim().optional(),
});

/**
 * POST /passkey/verify-registration {response, name?}: checks the new credential against this
 * browser's registration challenge (spent whatever the outcome), the origin, the RP ID and user
 * verification, then stores its public key and counter for the signed-in user.
 */
export const verifyRegistration = (o: ResolvedPasskeyOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/passkey/verify-registration",
      body,
      session: "fresh",
      credentials: "own-session",
      openapi: {
        summary: "Finish registering a passkey",
        description: "Verifies the authenticator's attestation (fmt none accepted) and stores the passkey.",
        response: passkeyResponse,
        errors: [
          PASSKEY_ERRORS.PASSKEY_CHALLENGE_INVALID,
          PASSKEY_ERRORS.PASSKEY_REGISTRATION_FAILED,
          PASSKEY_ERRORS.PASSKEY_ALREADY_REGISTERED,
        ],
      },
    },
    async (ctx) => {
      const { verifyRegistrationResponse, isoBase64URL } = await webauthnServer();
      const { user } = ctx.session;
      const ceremony = await takeCeremony(ctx, "registration");
      // A registration started by another account in this browser is not this user's to finish.
      if (!ceremony || ceremony.userId !== user.id)
        throw new AuthError(PASSKEY_ERRORS.PASSKEY_CHALLENGE_INVALID, { cookies: ctx.cookies });
      const rp = relyingParty(ctx.auth, o);
      const fail = () => new AuthError(PASSKEY_ERRORS.PASSKEY_REGISTRATION_FAILED, { cookies: ctx.cookies });
      const verified = await verifyRegistrationResponse({
        response: ctx.body.response as RegistrationResponseJSON,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch(() => null);
      if (!verified?.verified) throw fail();
      const info = verified.registrationInfo;
      const { credential } = info;
      if (credential.id.length > 700) throw fail();
      if (await findByCredentialId(ctx.auth.db, credential.id))
        throw new AuthError(PASSKEY_ERRORS.PASSKEY_ALREADY_REGISTERED, { cookies: ctx.cookies });
      const transports = knownTransports(ctx.body.response.response.transports);
      const row = await ctx.auth.db
        .create<PasskeyRow>({
          model: MODEL,
          data: {
            name: ctx.body.name || null,
            userId: user.id,
            publicKey: isoBase64URL.fromBuffer(credential.publicKey),
            credentialID: credential.id,
            counter: credential.counter,
            deviceType: info.credentialDeviceType,
            backedUp: info.credentialBackedUp,
            transports: transports.length ? transports.join(",") : null,
            aaguid: info.aaguid,
            createdAt: new Date(ctx.auth.now()),
          },
        })
        .catch((error: unknown) => {
          // Two registrations of one credential racing: the unique index decides.
          if (error instanceof UniqueConstraintError)
            throw new AuthError(PASSKEY_ERRORS.PASSKEY_ALREADY_REGISTERED, { cookies: ctx.cookies });
          throw error;
        });
      return publicPasskey(row);
    },
  );
