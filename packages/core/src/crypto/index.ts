export { constantTimeEqual } from "./constant-time-equal.js";
export { base64ToBytes, bytesToBase64, bytesToBase64Url } from "./encoding.js";
export { hmacSha256Base64, hmacSha256Base64Url, sha256Base64Url } from "./hmac.js";
export { hashPassword, verifyPassword, verifyPasswordOrDummy } from "./password-hash.js";
export { generateId, generateRandomString } from "./random.js";
export { deriveSessionToken } from "./session-token.js";
export { signCookieValue, unsignCookieValue } from "./signed-cookie.js";
export { symmetricDecrypt, symmetricEncrypt } from "./symmetric-encryption.js";
