import type { AuthContext } from "@gatehouse-auth/core";
import { type RelyingParty, type ResolvedPasskeyOptions, relyingPartyOf } from "./passkey-options.js";

/**
 * The relying party for this auth: explicit options, else the base URL's hostname and origin. The
 * plugin's `init` refuses to start without one, so this throws only on a setup error.
 */
export function relyingParty(auth: AuthContext, o: ResolvedPasskeyOptions): RelyingParty {
  const rp = relyingPartyOf(o, auth.options.baseURL);
  if (!rp) throw new Error("Gatehouse passkey: set baseURL, or the plugin's rpID and origin");
  return rp;
}
