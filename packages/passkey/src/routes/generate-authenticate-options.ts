import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { startCeremony } from "../passkey-challenge.js";
import type { ResolvedPasskeyOptions } from "../passkey-options.js";
import { relyingParty } from "../relying-party.js";
import { webauthnServer } from "../webauthn-server.js";

const body = z.strictObject({}).optional();

/**
 * POST /passkey/generate-authenticate-options: the options for navigator.credentials.get — a fresh
 * challenge bound to this browser, no credential list (the authenticator offers its discoverable
 * credentials for this site, so no user name is asked for and none is revealed), user verification
 * required. Anyone may ask; it writes one short-lived row.
 */
export const generateAuthenticateOptions = (o: ResolvedPasskeyOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/passkey/generate-authenticate-options",
      body,
      openapi: {
        summary: "Start signing in with a passkey",
        description:
          "Returns PublicKeyCredentialRequestOptionsJSON for navigator.credentials.get and sets a short-lived challenge cookie; answer with verify-authentication from the same browser.",
        response: z.object({ challenge: z.string(), rpId: z.string().optional() }).loose(),
      },
    },
    async (ctx) => {
      const { generateAuthenticationOptions } = await webauthnServer();
      const rp = relyingParty(ctx.auth, o);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        timeout: o.challengeExpiresIn * 1000,
        userVerification: "required",
      });
      await startCeremony(
        ctx,
        { kind: "authentication", challenge: options.challenge, userId: null },
        o.challengeExpiresIn,
      );
      return options;
    },
  );
