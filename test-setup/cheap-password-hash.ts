// Vitest setup for every project (each vitest.config.ts lists it in setupFiles): core's password
// hashing swapped for a cheap digest of the same shape. Production scrypt (N=16384, r=16) costs
// 100–700 ms of CPU per hash on CI's two shared cores, and the suite hashes thousands of passwords
// for sign-ups and sign-ins that test something else. The stand-in keeps what those tests rely on —
// `saltHex:keyHex` with a fresh salt, NFKC, a wrong password fails, malformed hashes are false, an
// unknown account still pays one hash — and core/src/crypto/password-hash.test.ts unmocks it to test
// the real scrypt. Tests that spawn a built server (dist/) keep the real hash.
import { createHash, randomBytes } from "node:crypto";
import { vi } from "vitest";

vi.mock("../packages/core/src/crypto/password-hash.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../packages/core/src/crypto/password-hash.ts")>();
  const key = (password: string, salt: string) =>
    createHash("sha512")
      .update(`${salt}:${password.normalize("NFKC")}`)
      .digest("hex");
  const hashPassword = async (password: string) => {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${key(password, salt)}`;
  };
  const verifyPassword = async (hash: string, password: string) => {
    const [salt, keyHex] = hash.split(":");
    if (!salt || !keyHex || !/^[0-9a-f]{128}$/i.test(keyHex)) return false;
    return key(password, salt) === keyHex.toLowerCase();
  };
  const verifyPasswordOrDummy = async (hash: string | null | undefined, password: string) => {
    if (hash) return verifyPassword(hash, password);
    await hashPassword(password);
    return false;
  };
  return { ...real, hashPassword, verifyPassword, verifyPasswordOrDummy };
});
