import { Resolver } from "node:dns/promises";
import type { ResolvedSsoOptions } from "./sso-options.js";

/** The TXT record name that proves `domain` for a connection (TARGET.md: `_gatehouse-sso-<providerId>.<domain>`). */
export function recordName(o: ResolvedSsoOptions, providerId: string, domain: string): string {
  return `_${o.domainVerification.tokenPrefix}-${providerId}.${domain}`;
}

/**
 * True when the domain publishes the token: a TXT record at recordName whose text is the token, or
 * `_<prefix>-<providerId>=<token>`. Asks only the configured servers; a lookup failure is "not found".
 */
export async function findDomainRecord(
  o: ResolvedSsoOptions,
  providerId: string,
  domain: string,
  token: string,
): Promise<boolean> {
  const resolver = new Resolver({ timeout: o.domainVerification.timeoutMs, tries: 1 });
  if (o.domainVerification.dnsServers.length) resolver.setServers([...o.domainVerification.dnsServers]);
  const records = await resolver.resolveTxt(recordName(o, providerId, domain)).catch(() => [] as string[][]);
  const accepted = new Set([token, `_${o.domainVerification.tokenPrefix}-${providerId}=${token}`]);
  return records.some((chunks) => accepted.has(chunks.join("")));
}
