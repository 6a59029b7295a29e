import type { SocialProviderOption } from "../options/auth-options.js";
import { applyProviderOptions } from "./apply-provider-options.js";
import type { OAuthProvider, ProviderConfig } from "./oauth-provider.js";
import { BUILT_IN_PROVIDERS } from "./providers/index.js";

function isProvider(option: SocialProviderOption): option is OAuthProvider {
  return typeof (option as OAuthProvider).createAuthorizationURL === "function";
}

/** Builds every configured provider once, at startup; a misconfiguration fails there, not mid-login. */
export function resolveProviders(
  options: Record<string, SocialProviderOption> | undefined,
  generic?: (id: string, config: ProviderConfig & { discoveryUrl?: string }) => OAuthProvider,
): Map<string, OAuthProvider> {
  const providers = new Map<string, OAuthProvider>();
  for (const [id, option] of Object.entries(options ?? {})) {
    if (isProvider(option)) {
      providers.set(id, applyProviderOptions(id, option));
      continue;
    }
    if (option.enabled === false) continue;
    if (!option.clientId) throw new Error(`Gatehouse: socialProviders.${id} needs a clientId`);
    const factory = BUILT_IN_PROVIDERS[id];
    let provider: OAuthProvider;
    if (factory) provider = factory(option);
    else if (generic && (option.discoveryUrl || option.endpoints)) provider = generic(id, option);
    else throw new Error(`Gatehouse: socialProviders.${id} is not a built-in provider; give discoveryUrl or endpoints`);
    providers.set(id, applyProviderOptions(id, provider, option));
  }
  return providers;
}
