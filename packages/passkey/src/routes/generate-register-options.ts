import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { startCeremony } from "../passkey-challenge.js";
import type { ResolvedPasskeyOptions } from "../passkey-options.js";
import { EXCLUDED_PASSKEYS_MAX, newestPasskeys, transportsOf } from "../passkey-record.js";
import { relyingParty } from "../relying-party.js";
import { webauthnServer } from "../webauthn-server.js";

const body = z.strictObject({ authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional() }).optional();

/**
 * POST /passkey/generate-register-options: the options for navigator.credentials.create — a fresh
 * challenge bound to this browser and this user, a discoverable credential (usernameless sign-in),
 * and the user's existing credentials excluded so one authenticator is not registered twice.
 * Adding a credential is sensitive (an impersonating admin is refused) and needs a fresh session.
 */
export const generateRegisterOptions = (o: ResolvedPasskeyOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/passkey/generate-register-options",
      body,
      session: "fresh",
      credentials: "own-session",
      openapi: {
        summary: "Start registering a passkey",
        description:
          "Returns PublicKeyCredentialCreationOptionsJSON for navigator.credentials.create and sets a short-lived challenge cookie; answer with verify-registration from the same browser.",
        response: z.object({ challenge: z.string(), rp: z.object({ id: z.string(), name: z.string() }) }).loose(),
      },
    },
    async (ctx) => {
      const { generateRegistrationOptions } = await webauthnServer();
      const { user } = ctx.session;
      const rp = relyingParty(ctx.auth, o);
      const existing = await newestPasskeys(ctx.auth.db, user.id, EXCLUDED_PASSKEYS_MAX);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        // The user handle authenticators keep: the random user id, never the email.
        userID: new TextEncoder().encode(user.id),
        userName: user.email,
        userDisplayName: user.name || user.email,
        timeout: o.challengeExpiresIn * 1000,
        attestationType: "none",
        excludeCredentials: existing.map((p) => ({ id: p.credentialID, transports: transportsOf(p) })),
        authenticatorSelection: {
          residentKey: "required",
          requireResidentKey: true,
          userVerification: "required",
          authenticatorAttachment: ctx.body?.authenticatorAttachment ?? o.authenticatorAttachment,
        },
      });
      await startCeremony(
        ctx,
        { kind: "registration", challenge: options.challenge, userId: user.id },
        o.challengeExpiresIn,
      );
      return options;
    },
  );
