// Test-only: a software WebAuthn authenticator (ES256, attestation "none", discoverable credentials),
// producing the JSON a browser hands the page, byte for byte as WebAuthn §6.1 and §6.5 lay it out — so
// the server is checked against what a real authenticator sends, not against its own library.
import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import type { KeyObject } from "node:crypto";

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

const head = (major: number, n: number): Buffer => {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
};

/** RFC 8949 encoding of the few types WebAuthn uses (ints, byte and text strings, arrays, maps). */
export function cborEncode(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cborEncode)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cborEncode(k), cborEncode(v)])]);
}

const b64url = (b: Uint8Array) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

/** A credential the authenticator holds. */
export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** Per-ceremony overrides, to play a broken or hostile client. */
export interface CeremonyTweaks {
  origin?: string;
  rpId?: string;
  challenge?: string;
  userVerified?: boolean;
  type?: string;
  /** Use this counter value instead of the next one. */
  counter?: number;
  /** Re-register this credential (ignores excludeCredentials). */
  credential?: SoftCredential;
  userHandle?: string;
}

/** Options of a software authenticator. */
export interface SoftAuthenticatorOptions {
  origin?: string;
  /** How much the signature counter moves per assertion; 0 for an authenticator without one. */
  counterStep?: number;
  userVerification?: boolean;
}

type Json = Record<string, unknown>;

/** A platform authenticator in software. */
export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  readonly origin: string;
  readonly counterStep: number;
  readonly userVerification: boolean;

  constructor(o: SoftAuthenticatorOptions = {}) {
    this.origin = o.origin ?? "http://localhost:3000";
    this.counterStep = o.counterStep ?? 1;
    this.userVerification = o.userVerification ?? true;
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter, 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
  }

  /** navigator.credentials.create with `options` (PublicKeyCredentialCreationOptionsJSON). */
  register(options: Json, t: CeremonyTweaks = {}): Json {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const rpId = t.rpId ?? rp.id;
    let credential = t.credential;
    if (!credential) {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      credential = { id: randomBytes(32), privateKey, publicKey, rpId, userHandle: user.id, counter: 0 };
      this.credentials.push(credential);
    }
    const jwk = credential.publicKey.export({ format: "jwk" });
    // RFC 9053 EC2 key: kty 2, alg -7 (ES256), crv 1 (P-256), x, y.
    const cose = cborEncode(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, "base64url")],
        [-3, Buffer.from(jwk.y as string, "base64url")],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length, 0);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, cose]);
    const uv = t.userVerified ?? this.userVerification;
    // UP, UV, AT (attested credential data); BE and BS: a synced passkey.
    const flags = 0x01 | (uv ? 0x04 : 0) | 0x08 | 0x10 | 0x40;
    const authData = this.authData(rpId, flags, credential.counter, attested);
    const attestationObject = cborEncode({ fmt: "none", attStmt: {}, authData });
    const clientDataJSON = this.clientData(
      t.type ?? "webauthn.create",
      t.challenge ?? (options.challenge as string),
      t.origin ?? this.origin,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal", "hybrid"],
      },
    };
  }

  /** navigator.credentials.get with `options`; the credential chosen is `credential` or the last one made. */
  authenticate(options: Json, t: CeremonyTweaks = {}, credential = this.credentials.at(-1)): Json {
    if (!credential) throw new Error("no credential");
    const rpId = t.rpId ?? (options.rpId as string);
    credential.counter = t.counter ?? credential.counter + this.counterStep;
    const uv = t.userVerified ?? this.userVerification;
    const authData = this.authData(rpId, 0x01 | (uv ? 0x04 : 0) | 0x08 | 0x10, credential.counter);
    const clientDataJSON = this.clientData(
      t.type ?? "webauthn.get",
      t.challenge ?? (options.challenge as string),
      t.origin ?? this.origin,
    );
    // WebAuthn §6.3.3: the signature covers authenticatorData ‖ SHA-256(clientDataJSON); ES256 is DER.
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key",
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: t.userHandle ?? credential.userHandle,
      },
    };
  }
}
