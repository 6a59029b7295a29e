import { Resolver } from "node:dns/promises";
import type { ResolvedSsoOptions } from "./sso-options.js";

/** The TXT record name that proves `domain` for a connection (TARGET.md: `_gatehouse-sso-<providerId>.<domain>`). */
export function recordName(o: ResolvedSsoOptions, providerId: string, domain: string): string {
  return `_${o.domainVerification.tokenPrefix}-${providerId}.${domain}`;
}

/** What a lookup found: the token, no such record, or no answer from DNS at all. */
export type DomainRecordLookup = "found" | "absent" | "unavailable";

/**
 * DNS answers that mean "the name has no such record": the owner can fix it by publishing it (422).
 * Anything else (timeout, refused, server failure, bad reply) is DNS being down, not the owner's mistake:
 * the route answers 503 so the manager retries instead of editing a record that may be right.
 */
const ABSENT_CODES = new Set(["ENODATA", "ENOTFOUND", "NOTFOUND", "ENONAME"]);

/**
 * Whether the domain publishes the token: a TXT record at recordName whose text is the token, or
 * `_<prefix>-<providerId>=<token>`. Asks only the configured servers.
 */
export async function findDomainRecord(
  o: ResolvedSsoOptions,
  providerId: string,
  domain: string,
  token: string,
): Promise<DomainRecordLookup> {
  const resolver = new Resolver({ timeout: o.domainVerification.timeoutMs, tries: 1 });
  if (o.domainVerification.dnsServers.length) resolver.setServers([...o.domainVerification.dnsServers]);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(recordName(o, providerId, domain));
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && ABSENT_CODES.has(code) ? "absent" : "unavailable";
  }
  const accepted = new Set([token, `_${o.domainVerification.tokenPrefix}-${providerId}=${token}`]);
  return records.some((chunks) => accepted.has(chunks.join(""))) ? "found" : "absent";
}
