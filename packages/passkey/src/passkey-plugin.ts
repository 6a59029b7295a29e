import { definePlugin } from "@gatehouse-auth/core";
import { PASSKEY_ERRORS } from "./passkey-errors.js";
import { PASSKEY_OPTION_KEYS, type PasskeyOptions, relyingPartyOf, resolvePasskeyOptions } from "./passkey-options.js";
import { MODEL } from "./passkey-record.js";
import { passkeySchema } from "./passkey-schema.js";
import { deletePasskey } from "./routes/delete-passkey.js";
import { generateAuthenticateOptions } from "./routes/generate-authenticate-options.js";
import { generateRegisterOptions } from "./routes/generate-register-options.js";
import { listUserPasskeys } from "./routes/list-user-passkeys.js";
import { updatePasskey } from "./routes/update-passkey.js";
import { verifyAuthentication } from "./routes/verify-authentication.js";
import { verifyRegistration } from "./routes/verify-registration.js";

/**
 * The passkey plugin: WebAuthn registration of discoverable credentials for signed-in users, and
 * usernameless sign-in with them (user verification required, so one passkey is both factors).
 * Challenges are single use, short-lived and bound to the browser by a signed cookie.
 */
export const passkey = (options: PasskeyOptions = {}) => {
  const o = resolvePasskeyOptions(options);
  return definePlugin({
    id: "passkey",
    // A misspelt option (rpId) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: PASSKEY_OPTION_KEYS },
    schema: passkeySchema,
    errors: PASSKEY_ERRORS,
    rateLimit: o.rateLimit,
    endpoints: {
      generatePasskeyRegistrationOptions: generateRegisterOptions(o),
      verifyPasskeyRegistration: verifyRegistration(o),
      generatePasskeyAuthenticationOptions: generateAuthenticateOptions(o),
      verifyPasskeyAuthentication: verifyAuthentication(o),
      listPasskeys: listUserPasskeys,
      updatePasskey,
      deletePasskey,
    },
    // A passkey outlives sign-outs (it is a credential, not a session), but not a squatter: when the
    // real owner of an unverified account's address claims it, the passkeys registered meanwhile go.
    async onUserSessionsEnded({ userId, reason, db }) {
      if (reason === "email-claimed")
        await db.deleteMany({ model: MODEL, where: [{ field: "userId", value: userId }] });
    },
    init(ctx) {
      if (!relyingPartyOf(o, ctx.options.baseURL))
        throw new Error("Gatehouse passkey: set baseURL, or the plugin's rpID and origin");
    },
  });
};
