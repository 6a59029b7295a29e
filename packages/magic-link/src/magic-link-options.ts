import type { OptionKeysOf, RateLimitRule } from "@gatehouse-auth/core";

/** What `sendMagicLink` receives. */
export interface MagicLinkMessage {
  /** The normalized (trimmed, lower-cased) address the link goes to. */
  email: string;
  /** The link to mail: `<baseURL><basePath>/magic-link/verify?token=…&callbackURL=…`. */
  url: string;
  /** The bare token, for apps that build their own link (to a page that calls the verify route). */
  token: string;
}

/** Options of `magicLink()`. Only `sendMagicLink` is required. Durations are in seconds. */
export interface MagicLinkOptions {
  /**
   * Mails the link. Called in the background (not awaited): the answer must not wait on a mail server,
   * nor take longer for one address than another. Failures are logged.
   */
  sendMagicLink: (message: MagicLinkMessage) => Promise<void> | void;
  /** Lifetime of a link. Default 300 (5 minutes). */
  expiresIn?: number;
  /**
   * Only existing users may sign in by link; an unknown address gets no mail (the answer is the same) and
   * a link can never create a user. Default false: a link for a new address creates the user.
   */
  disableSignUp?: boolean;
  /** Links one address may be sent per window, whoever asks. Default 5 per 600 s. */
  sendLimit?: RateLimitRule;
  /** Per-client rate limits for the plugin's routes (when rate limiting is on); merged over the defaults. */
  rateLimit?: Partial<Record<MagicLinkRoutePath, RateLimitRule | false>>;
}

/** The plugin's HTTP paths. */
export type MagicLinkRoutePath = "/sign-in/magic-link" | "/magic-link/verify";

/** Per-client limits by default: each request mails someone, each verify is a guess at a token. */
export const DEFAULT_MAGIC_LINK_RATE_LIMITS: Record<MagicLinkRoutePath, RateLimitRule> = {
  "/sign-in/magic-link": { window: 60, max: 5 },
  "/magic-link/verify": { window: 60, max: 20 },
};

const RULE = { window: true, max: true } as const;

/** The names `magicLink()` accepts, its route paths and rate-limit rules included: core refuses any other at start-up. */
export const MAGIC_LINK_OPTION_KEYS = {
  sendMagicLink: true,
  expiresIn: true,
  disableSignUp: true,
  sendLimit: RULE,
  // The paths are the plugin's own: a misspelt one would leave the real route on its default limit.
  rateLimit: { "/sign-in/magic-link": RULE, "/magic-link/verify": RULE },
} as const satisfies OptionKeysOf<MagicLinkOptions>;

/** Options with every default applied, resolved once when the plugin is built. */
export interface ResolvedMagicLinkOptions {
  sendMagicLink: MagicLinkOptions["sendMagicLink"];
  expiresIn: number;
  disableSignUp: boolean;
  sendLimit: RateLimitRule;
  rateLimit: Record<string, RateLimitRule | false>;
}

const isWhole = (n: unknown, min: number, max: number) =>
  Number.isInteger(n) && (n as number) >= min && (n as number) <= max;

/** Applies the defaults; a nonsensical number is a startup error, not a request-time surprise. */
export function resolveMagicLinkOptions(options: MagicLinkOptions): ResolvedMagicLinkOptions {
  if (typeof options?.sendMagicLink !== "function") throw new Error("Gatehouse magic-link: sendMagicLink is required");
  const expiresIn = options.expiresIn ?? 300;
  const sendLimit = options.sendLimit ?? { window: 600, max: 5 };
  if (!isWhole(expiresIn, 1, 86400)) throw new Error("Gatehouse magic-link: expiresIn must be 1 to 86400 seconds");
  if (!isWhole(sendLimit.window, 1, 86400 * 30) || !isWhole(sendLimit.max, 1, 1000))
    throw new Error("Gatehouse magic-link: sendLimit needs a window of 1 s to 30 days and a max of 1 to 1000");
  return {
    sendMagicLink: options.sendMagicLink,
    expiresIn,
    disableSignUp: options.disableSignUp ?? false,
    sendLimit,
    rateLimit: { ...DEFAULT_MAGIC_LINK_RATE_LIMITS, ...options.rateLimit },
  };
}
