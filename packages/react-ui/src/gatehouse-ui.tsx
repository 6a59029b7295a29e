import { type CSSProperties, type ReactNode, createContext, useContext, useMemo } from "react";
import { ERROR_MESSAGES } from "./error-messages.js";
import { formatMessage } from "./format-message.js";
import type { Capabilities } from "./capabilities.js";
import type { AccountMessageKey } from "./account-messages.js";
import type { OrganizationMessageKey } from "./organization-messages.js";
import type { SsoMessageKey } from "./sso-messages.js";
import type { SsoSignInMessageKey } from "./sso-sign-in.js";
import type { PhoneSignInMessageKey } from "./phone-sign-in.js";
import { UI_MESSAGES, type UiMessageKey } from "./ui-messages.js";

/**
 * What the components need of the app's client (`createAuthClient` from @gatehouse-auth/react, with the
 * client plugins of the server's plugins). Calls are looked up by path at run time (`signIn.email`), so
 * a client without a plugin simply lacks the method and the component never offers it.
 */
export interface UiClient {
  useSession(): { data: { user: UiUser; session: unknown } | null; isPending: boolean; error?: unknown };
}

/** The user fields the components read. */
export interface UiUser {
  id: string;
  name: string;
  email: string;
  emailVerified?: boolean;
  image?: string | null;
  role?: string | null;
}

/** `light`, `dark`, or `system` (follows `prefers-color-scheme`). */
export type Theme = "light" | "dark" | "system";

/** Overrides of the message catalogue: any UI string, any error code's text. */
export interface Messages {
  ui?: Partial<
    Record<
      | UiMessageKey
      | OrganizationMessageKey
      | AccountMessageKey
      | SsoMessageKey
      | SsoSignInMessageKey
      | PhoneSignInMessageKey,
      string
    >
  >;
  errors?: Record<string, string>;
}

export interface GatehouseUIProps {
  client: UiClient;
  /** Strings to override or translate; the rest stay English. */
  messages?: Messages;
  /** Default `system`. */
  theme?: Theme;
  /** CSS variables to set on every component's root: `{ "--gh-color-primary": "#0a7" }`. */
  variables?: Record<`--gh-${string}`, string>;
  /**
   * What the server offers, when the app already has it (server rendering, tests): skips the
   * `GET /capabilities` request.
   */
  capabilities?: Capabilities;
  children?: ReactNode;
}

export interface UiContext {
  client: UiClient;
  theme: Theme;
  variables: Record<string, string>;
  capabilities: Capabilities | undefined;
  /** A UI string with `{placeholders}` filled. */
  t(key: UiMessageKey, params?: Record<string, string | number>): string;
  /** The friendly text for an error code (never the server's raw message). */
  errorText(code: string | undefined, params?: Record<string, string | number>): string;
}

const Context = createContext<UiContext | null>(null);

/** Wraps the app (or the part with auth UI): the client, the messages and the theme for every component. */
export function GatehouseUI({
  client,
  messages,
  theme = "system",
  variables,
  capabilities,
  children,
}: GatehouseUIProps) {
  const value = useMemo<UiContext>(() => {
    const ui: Record<string, string> = { ...UI_MESSAGES, ...messages?.ui };
    const errors: Record<string, string> = { ...ERROR_MESSAGES, ...messages?.errors };
    return {
      client,
      theme,
      variables: variables ?? {},
      capabilities,
      t: (key, params) => formatMessage(ui[key] ?? key, params),
      errorText: (code, params) =>
        formatMessage((code && Object.hasOwn(errors, code) ? errors[code] : errors.UNKNOWN) ?? "", params),
    };
  }, [client, messages, theme, variables, capabilities]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The provider's context; throws a developer-facing error outside `<GatehouseUI>`. */
export function useGatehouseUI(): UiContext {
  const ctx = useContext(Context);
  if (!ctx) throw new Error("@gatehouse-auth/react-ui: wrap the components in <GatehouseUI client={client}>");
  return ctx;
}

/** The root style of a component: the theme's variables. */
export function rootStyle(variables: Record<string, string>): CSSProperties {
  return variables as CSSProperties;
}
