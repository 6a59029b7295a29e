import type { OptionKeysOf } from "@gatehouse-auth/core";

/** The providers Gatehouse verifies tokens with (SPEC.md §5). */
export type CaptchaProvider = "cloudflare-turnstile" | "google-recaptcha" | "hcaptcha";

/** Where each provider answers, when `siteVerifyURL` names no other place. */
export const SITE_VERIFY_URLS: Readonly<Record<CaptchaProvider, string>> = {
  "cloudflare-turnstile": "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  "google-recaptcha": "https://www.google.com/recaptcha/api/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
};

/**
 * The endpoints guarded by default: sign-up, sign-in and the password reset request (under both of its
 * names: `/forget-password` is the older path of the same endpoint, and leaving it open would leave
 * the mail-sending action open).
 */
export const DEFAULT_PROTECTED_ENDPOINTS = [
  "/sign-up/email",
  "/sign-in/email",
  "/request-password-reset",
  "/forget-password",
] as const;

interface CommonCaptchaOptions {
  /** The secret key from the provider's dashboard. Sent only to `siteVerifyURL`, in the request body. */
  secretKey: string;
  /**
   * Endpoint paths to guard, as endpoints declare them (`/sign-in/email`, `/reset-password/:token`), or a
   * namespace (`/sign-in/*`). Matched against the endpoint the router picked, never the raw request
   * path, so no spelling of a URL gets around it. Every entry must name an installed endpoint (a typo is
   * a startup error, not an unguarded route). Default: sign-up, sign-in, password reset request.
   */
  endpoints?: readonly string[];
  /** The provider's site-verify URL; override it for a proxy or a test fake. Default: the provider's own. */
  siteVerifyURL?: string;
  /**
   * Milliseconds to wait for the provider's whole answer (connection, headers and body), then refuse
   * with 503 `CAPTCHA_SERVICE_UNAVAILABLE`. Default 5000.
   */
  timeout?: number;
  /**
   * The hostname(s) the widget may have been solved on (the answer's `hostname`). Set it when the
   * provider's dashboard allows more sites than this app, or in the provider's "any hostname" mode.
   * Default: not checked.
   */
  expectedHostname?: string | readonly string[];
  /**
   * Send the client address (core's `ctx.clientIp`: the socket peer, or the proxy header you named in
   * `advanced.ipAddressHeaders`) as `remoteip`, a signal the provider uses. Default true.
   */
  sendRemoteIp?: boolean;
  /** Longest token accepted; longer ones are refused without asking the provider. Default 10000 characters. */
  maxTokenLength?: number;
}

/** Options of `captcha()`: the provider and its secret, plus what to check in its answer. */
export type CaptchaOptions =
  | (CommonCaptchaOptions & {
      provider: "cloudflare-turnstile";
      /** The widget's `action`: when set, an answer for another action is refused. */
      expectedAction?: string;
    })
  | (CommonCaptchaOptions & {
      provider: "google-recaptcha";
      /**
       * reCAPTCHA v3: the lowest `score` (0.0 bot … 1.0 human) accepted. Applied whenever the answer has a
       * score (v3 keys always do, v2 keys never). Default 0.5.
       */
      minScore?: number;
      /** reCAPTCHA v3: the `action` given to `grecaptcha.execute`; when set, another action is refused. */
      expectedAction?: string;
    })
  | (CommonCaptchaOptions & {
      provider: "hcaptcha";
      /** Your site key: sent as `sitekey`, so hCaptcha refuses a token solved for another of your sites. */
      siteKey?: string;
    });

/**
 * The names `captcha()` accepts, every provider's together: core refuses any other at start-up. Checked
 * against each provider's options, so a name added to any one of them but not here is a type error.
 */
export const CAPTCHA_OPTION_KEYS = {
  provider: true,
  secretKey: true,
  endpoints: true,
  siteVerifyURL: true,
  timeout: true,
  expectedHostname: true,
  sendRemoteIp: true,
  maxTokenLength: true,
  expectedAction: true,
  minScore: true,
  siteKey: true,
} as const satisfies OptionKeysOf<Extract<CaptchaOptions, { provider: "cloudflare-turnstile" }>> &
  OptionKeysOf<Extract<CaptchaOptions, { provider: "google-recaptcha" }>> &
  OptionKeysOf<Extract<CaptchaOptions, { provider: "hcaptcha" }>>;

/** Options with every default applied, checked once when the plugin is built. */
export interface ResolvedCaptchaOptions {
  provider: CaptchaProvider;
  secretKey: string;
  endpoints: readonly string[];
  siteVerifyURL: string;
  timeout: number;
  /** Lower-case; null when not checked. */
  expectedHostnames: readonly string[] | null;
  expectedAction: string | null;
  /** google-recaptcha only; null for the other providers. */
  minScore: number | null;
  siteKey: string | null;
  sendRemoteIp: boolean;
  maxTokenLength: number;
}

const PROVIDERS = new Set<string>(Object.keys(SITE_VERIFY_URLS));
// An endpoint path as declared (`/ns/action`, `/callback/:id`) or a namespace wildcard (`/ns/*`).
const ENDPOINT_PATTERN = /^(\/[A-Za-z0-9._~:-]+)+(\/\*)?$/;

/**
 * Applies the defaults. Anything that would leave a route unguarded or make every check fail (no
 * secret, an unknown provider, a malformed path, URL, timeout or score) is a startup error.
 */
export function resolveCaptchaOptions(options: CaptchaOptions): ResolvedCaptchaOptions {
  const fail = (what: string): never => {
    throw new Error(`Gatehouse captcha: ${what}`);
  };
  if (!PROVIDERS.has(options.provider)) fail(`unknown provider ${JSON.stringify(options.provider)}`);
  if (typeof options.secretKey !== "string" || options.secretKey.trim() === "") fail("`secretKey` is required");

  const endpoints = [...(options.endpoints ?? DEFAULT_PROTECTED_ENDPOINTS)];
  if (endpoints.length === 0) fail("`endpoints` lists no endpoint to guard");
  for (const path of endpoints) {
    if (typeof path !== "string" || !ENDPOINT_PATTERN.test(path)) fail(`invalid endpoint path ${JSON.stringify(path)}`);
  }

  const siteVerifyURL = options.siteVerifyURL ?? SITE_VERIFY_URLS[options.provider];
  const parsed = URL.canParse(siteVerifyURL) ? new URL(siteVerifyURL) : null;
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:") || parsed.username || parsed.password) {
    fail("`siteVerifyURL` must be an http(s) URL without credentials");
  }

  const timeout = options.timeout ?? 5000;
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 60_000) fail("`timeout` must be 1..60000 ms");

  const maxTokenLength = options.maxTokenLength ?? 10_000;
  if (!Number.isInteger(maxTokenLength) || maxTokenLength < 1) fail("`maxTokenLength` must be a positive integer");

  const hostnames = options.expectedHostname;
  const expectedHostnames =
    hostnames === undefined
      ? null
      : (typeof hostnames === "string" ? [hostnames] : [...hostnames]).map((h) => h.toLowerCase());
  if (expectedHostnames && (expectedHostnames.length === 0 || expectedHostnames.some((h) => h === ""))) {
    fail("`expectedHostname` must name at least one hostname");
  }

  let minScore: number | null = null;
  let expectedAction: string | null = null;
  let siteKey: string | null = null;
  if (options.provider === "google-recaptcha") {
    minScore = options.minScore ?? 0.5;
    if (!Number.isFinite(minScore) || minScore < 0 || minScore > 1) fail("`minScore` must be between 0 and 1");
    expectedAction = options.expectedAction ?? null;
  } else if (options.provider === "cloudflare-turnstile") {
    expectedAction = options.expectedAction ?? null;
  } else {
    siteKey = options.siteKey ?? null;
  }

  return {
    provider: options.provider,
    secretKey: options.secretKey,
    endpoints,
    siteVerifyURL,
    timeout,
    expectedHostnames,
    expectedAction,
    minScore,
    siteKey,
    sendRemoteIp: options.sendRemoteIp ?? true,
    maxTokenLength,
  };
}
