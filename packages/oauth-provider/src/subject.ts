import { hmacSha256Base64Url } from "@gatehouse-auth/core";

/** OIDC Core §8: what a client is told the user's `sub` is. */
export type SubjectType = "public" | "pairwise";

/**
 * The sector identifier of a pairwise client (OIDC Core §8.1): the one host all its redirect URIs share.
 * Null when they span several hosts or one has no host (a custom-scheme redirect): such a client names its
 * sector with a `sector_identifier_uri` (sectorHost).
 */
export function sectorOf(redirectUris: readonly string[]): string | null {
  const hosts = new Set<string>();
  for (const uri of redirectUris) {
    if (!URL.canParse(uri)) return null;
    const host = new URL(uri).hostname.toLowerCase();
    if (host === "") return null;
    hosts.add(host);
  }
  return hosts.size === 1 ? ([...hosts][0] as string) : null;
}

/** The client as far as its subject is concerned. */
export interface SubjectClient {
  subjectType?: SubjectType;
  redirectUris: readonly string[];
  /** A registered client's checked `sector_identifier_uri` (OIDC Registration §5): its host is the sector. */
  sectorIdentifierUri?: string | null;
}

/** The sector of a pairwise client: the host of its `sector_identifier_uri`, else of its redirect URIs. */
export function sectorHost(client: SubjectClient): string | null {
  if (client.sectorIdentifierUri && URL.canParse(client.sectorIdentifierUri))
    return new URL(client.sectorIdentifierUri).hostname.toLowerCase() || null;
  return sectorOf(client.redirectUris);
}

/**
 * The `sub` this client gets for `userId`: the user id itself for a public client (the default), else
 * base64url(HMAC-SHA256(secret, "gatehouse-pairwise:" + sector + ":" + userId)). Stable per sector,
 * different across sectors, and not reversible without the secret (and not with it either: it is only
 * ever recomputed from a known user and compared).
 */
export function subjectFor(auth: { secret: string }, client: SubjectClient, userId: string): string {
  if (client.subjectType !== "pairwise") return userId;
  const sector = sectorHost(client);
  // Refused at configuration and registration; a client that still has no sector gets no subject at all.
  if (sector === null) throw new Error("Gatehouse oauthProvider: a pairwise client needs one redirect host");
  return hmacSha256Base64Url(auth.secret, `gatehouse-pairwise:${sector}:${userId}`);
}
