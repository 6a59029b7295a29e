import { type KeyObject, createPublicKey, randomBytes, sign } from "node:crypto";

// A minimal DER writer for one fixed shape: an X.509 v3 certificate with no extensions, signed with
// sha256WithRSAEncryption. SAML metadata only carries a certificate as a wrapper for the public key
// (IdPs pin it; nobody checks a chain), so node's crypto suffices and no certificate library is needed.

const length = (n: number): Buffer => {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
};
const tlv = (tag: number, content: Buffer): Buffer =>
  Buffer.concat([Buffer.from([tag]), length(content.length), content]);
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));

const SHA256_WITH_RSA = seq(Buffer.from("06092a864886f70d01010b", "hex"), Buffer.from("0500", "hex"));
const COMMON_NAME_OID = Buffer.from("0603550403", "hex");

/** RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime after. */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

const name = (commonName: string) =>
  seq(tlv(0x31, seq(COMMON_NAME_OID, tlv(0x0c, Buffer.from(commonName.slice(0, 64), "utf8")))));

/** A self-signed certificate for `privateKey` (RSA), as the base64 body of its DER (what metadata carries). */
export function selfSignedCertificate(privateKey: KeyObject, commonName: string, from: Date, years: number): string {
  const serial = randomBytes(16);
  // A positive INTEGER (RFC 5280 §4.1.2.2): top bit clear, and not starting with a zero octet.
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  const until = new Date(from);
  until.setUTCFullYear(until.getUTCFullYear() + years);
  const spki = createPublicKey(privateKey).export({ type: "spki", format: "der" });
  const tbs = seq(
    Buffer.from("a003020102", "hex"), // [0] EXPLICIT version v3
    tlv(0x02, serial),
    SHA256_WITH_RSA,
    name(commonName),
    seq(time(from), time(until)),
    name(commonName),
    spki,
  );
  const signature = sign("sha256", tbs, privateKey);
  return seq(tbs, SHA256_WITH_RSA, tlv(0x03, Buffer.concat([Buffer.from([0]), signature]))).toString("base64");
}
