import { definePlugin } from "@gatehouse-auth/core";
import { jwksSchema } from "./jwks-schema.js";
import { JWT_ERRORS } from "./jwt-errors.js";
import { JWT_OPTION_KEYS, type JwtOptions, resolveJwtOptions } from "./jwt-options.js";
import { createKeyStore } from "./key-store.js";
import { getJwks } from "./routes/get-jwks.js";
import { getToken } from "./routes/get-token.js";
import { isGetSession, setJwtHeader } from "./set-jwt-header.js";
import { createSessionJwtSigner } from "./sign-session-jwt.js";
import { createJwtSigner } from "./sign-with-jwt-keys.js";

/**
 * The JWT plugin: short-lived JWTs for other services (GET /token, and get-session's `set-auth-jwt`
 * header), signed with rotating key pairs whose public halves GET /jwks publishes. The JWTs are not
 * credentials of the auth API itself: nothing here accepts one.
 */
export const jwt = (options: JwtOptions = {}) => {
  const o = resolveJwtOptions(options);
  const keys = createKeyStore(o);
  const sign = createSessionJwtSigner(o, keys);
  return definePlugin({
    id: "jwt",
    // A misspelt option (rotation.intervall) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: JWT_OPTION_KEYS },
    schema: jwksSchema,
    errors: JWT_ERRORS,
    endpoints: { getJwks: getJwks(keys), getToken: getToken(sign) },
    hooks: o.setJwtHeader ? { after: [{ matcher: isGetSession, run: setJwtHeader(sign) }] } : {},
    /** Signs other plugins' tokens with these keys (see `findJwtSigner`). */
    signer: createJwtSigner(keys, o.algorithm),
  });
};
