import type { Api } from "./api.js";
import type { Me } from "./types.js";

/**
 * GET {dashboard}/api/me, then — when @gatehouse-auth/oauth-provider is installed — one question to its admin
 * client API (`can-manage-clients`, answered 200 either way): the provider decides who manages clients (its own `adminRoles`),
 * so the OAuth clients section is shown exactly to those it lets in. An impersonation session never is.
 */
export async function loadMe(api: Api, signal?: AbortSignal): Promise<Me> {
  const me = await api.dashboard.get<Me>("me", undefined, signal);
  if (!me.features.oauthProvider || me.impersonating) return { ...me, oauthClients: false };
  try {
    const { allowed } = await api.get<{ allowed: boolean }>("/oauth2/admin/can-manage-clients", undefined, signal);
    return { ...me, oauthClients: allowed === true };
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { ...me, oauthClients: false };
  }
}
