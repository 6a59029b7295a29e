import type { AuthContext } from "@gatehouse-auth/core";
import { verifyDpopProof } from "./dpop-proof.js";

/** How a request presented its access token: `Authorization: DPoP …` comes with a proof (RFC 9449 §7.1). */
export interface DpopPresentation {
  /** The `DPoP` header's proof; null when the request carried none. */
  proof: string | null;
  method: string;
  /** The request's URL (its query and fragment are ignored). */
  url: string;
}

/** The token of `Authorization: DPoP …`, or null. */
export function readDpopAuthorization(header: string | null): string | null {
  const match = header ? /^DPoP ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim()) : null;
  return match ? (match[1] as string) : null;
}

/**
 * Whether a token was presented the way its binding demands: a DPoP-bound token only with the DPoP
 * scheme and a fresh proof by its key for this request and this token (`ath`) — never as a Bearer
 * token, which anyone who copied it could send; an unbound token only as Bearer.
 */
export async function presentationHolds(
  auth: Pick<AuthContext, "db" | "now">,
  row: { dpopJkt?: string | null },
  token: string,
  dpop: DpopPresentation | undefined,
): Promise<boolean> {
  if (!row.dpopJkt) return dpop === undefined;
  if (!dpop?.proof) return false;
  try {
    return (await verifyDpopProof(auth, dpop.proof, { ...dpop, accessToken: token })) === row.dpopJkt;
  } catch {
    return false;
  }
}
