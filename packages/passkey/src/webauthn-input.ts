import { z } from "zod";

// A browser's PublicKeyCredential as JSON (WebAuthn L3 toJSON(), what @simplewebauthn/browser sends).
// Every string is bounded; unknown keys are dropped (browsers add fields over time).

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, "base64url");

const transport = z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);
const extensionResults = z.record(z.string().max(64), z.unknown()).optional().default({});

/** The credential an authenticator created (navigator.credentials.create). */
export const registrationResponseInput = z.object({
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    attestationObject: b64url(32768).min(1),
    authenticatorData: b64url(8192).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(8192).optional(),
  }),
});

/** An assertion an authenticator signed (navigator.credentials.get). */
export const authenticationResponseInput = z.object({
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    authenticatorData: b64url(8192).min(1),
    signature: b64url(2048).min(1),
    userHandle: b64url(1024).optional(),
  }),
});

/** The transports worth keeping: known names only (they are handed back to browsers later). */
export const knownTransports = (list: readonly string[] | undefined): string[] =>
  (list ?? []).filter((t) => transport.safeParse(t).success);
