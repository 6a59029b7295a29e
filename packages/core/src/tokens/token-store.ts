import { generateRandomString, sha256Base64Url } from "../crypto/index.js";
import type { VerificationsRepository } from "../repositories/verifications-repository.js";

/** What a token is for; part of the stored identifier, so a token of one kind never opens another. */
export type TokenKind = "verify-email" | "reset-password" | "delete-account" | "oauth-state";

export type TokenLookup<P> = { status: "valid"; payload: P } | { status: "expired" } | { status: "invalid" };

export interface TokenStore {
  /** Stores `payload` under a new random token valid for `ttl` seconds and returns the token. */
  issue(kind: TokenKind, payload: unknown, ttl: number, shape?: { length: number; alphabet?: string }): Promise<string>;
  /** Reads a token without using it up (for links that only forward the token). */
  peek<P>(kind: TokenKind, token: string): Promise<TokenLookup<P>>;
  /** Uses a token up: of concurrent consumers exactly one gets `valid`. An expired token is also removed. */
  consume<P>(kind: TokenKind, token: string): Promise<TokenLookup<P>>;
}

/** How every stored identifier of a kind begins: `reset-password:` etc. */
export const identifierPrefix = (kind: TokenKind) => `${kind}:`;
// Tokens are stored hashed, as session tokens are: a leaked verification table opens no account.
const identifierOf = (kind: TokenKind, token: string) => `${identifierPrefix(kind)}${sha256Base64Url(token)}`;
const MAX_TOKEN_LENGTH = 256;

/** Single-use, expiring tokens in the verification table. */
export function createTokenStore(verifications: VerificationsRepository, now: () => number): TokenStore {
  function read<P>(record: { value: string; expiresAt: Date } | null): TokenLookup<P> {
    if (!record) return { status: "invalid" };
    if (record.expiresAt.getTime() <= now()) return { status: "expired" };
    try {
      return { status: "valid", payload: JSON.parse(record.value) as P };
    } catch {
      return { status: "invalid" };
    }
  }
  const usable = (token: string) => typeof token === "string" && token.length > 0 && token.length <= MAX_TOKEN_LENGTH;

  // Expired tokens are never read again; the cleanup job deletes them (never a user's request).
  return {
    async issue(kind, payload, ttl, shape = { length: 32 }) {
      const token = generateRandomString(shape.length, shape.alphabet);
      await verifications.create({
        identifier: identifierOf(kind, token),
        value: JSON.stringify(payload),
        expiresAt: new Date(now() + ttl * 1000),
      });
      return token;
    },
    async peek(kind, token) {
      if (!usable(token)) return { status: "invalid" };
      return read(await verifications.find(identifierOf(kind, token)));
    },
    async consume(kind, token) {
      if (!usable(token)) return { status: "invalid" };
      return read(await verifications.consume(identifierOf(kind, token)));
    },
  };
}
