import type { OptionKeysOf } from "@gatehouse-auth/core";
import type { TranslationKeys } from "@zxcvbn-ts/core";

/** A zxcvbn score: 0 (guessable in a few tries) to 4 (very unguessable). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** Options of the Have I Been Pwned range lookup (off unless `enabled`). */
export interface HaveIBeenPwnedOptions {
  /** Default false: no network call unless asked for. */
  enabled?: boolean;
  /** The whole lookup (connect, answer, body) must finish within this; else the password is allowed. Default 1500. */
  timeoutMs?: number;
  /** The range API's base; `<first five hex of SHA-1>` is appended. Default `https://api.pwnedpasswords.com/range/`. */
  endpoint?: string;
  /** Refuse when the password was seen at least this many times. Default 1. */
  minCount?: number;
}

/** Options of `passwordCheck()`. */
export interface PasswordCheckOptions {
  /**
   * Default true: installing the plugin is the opt-in. Pass `process.env.NODE_ENV === "production"`
   * to keep development free of it (then your tests never see a refusal).
   */
  enabled?: boolean;
  /** Refuse passwords on zxcvbn-ts's common-password list (about 49,000 entries). Default true. */
  commonPasswords?: boolean;
  /** Extra passwords to refuse (your product's name, say); matched like the common list. */
  extraPasswords?: readonly string[];
  /** Also ask Have I Been Pwned (k-anonymity: only five hex characters of the SHA-1 leave the machine). */
  haveIBeenPwned?: HaveIBeenPwnedOptions;
  /** Refuse passwords zxcvbn-ts scores below this (0–4). Default: no strength check. */
  minScore?: PasswordScore;
  /**
   * zxcvbn-ts's feedback table. Default: its keys (`"topTen"`, `"useWords"`), for your own i18n; pass
   * `translations` from `@zxcvbn-ts/language-en` for English sentences.
   */
  translations?: TranslationKeys;
}

/** The names `passwordCheck()` accepts, `haveIBeenPwned` included: core refuses any other at start-up. */
export const PASSWORD_CHECK_OPTION_KEYS = {
  enabled: true,
  commonPasswords: true,
  extraPasswords: true,
  haveIBeenPwned: { enabled: true, timeoutMs: true, endpoint: true, minCount: true },
  minScore: true,
  translations: true, // zxcvbn's own translation tables
} as const satisfies OptionKeysOf<PasswordCheckOptions>;

/** Options with every default applied. */
export interface ResolvedPasswordCheckOptions {
  enabled: boolean;
  commonPasswords: boolean;
  extraPasswords: readonly string[];
  haveIBeenPwned: Required<HaveIBeenPwnedOptions>;
  minScore: PasswordScore | null;
  translations: TranslationKeys | null;
}

/** The public range API (https://haveibeenpwned.com/API/v3#PwnedPasswords). */
export const DEFAULT_HIBP_ENDPOINT = "https://api.pwnedpasswords.com/range/";

/** Applies the defaults and refuses options that would silently check nothing. */
export function resolvePasswordCheckOptions(options: PasswordCheckOptions = {}): ResolvedPasswordCheckOptions {
  const hibp = options.haveIBeenPwned ?? {};
  const timeoutMs = hibp.timeoutMs ?? 1500;
  if (!(timeoutMs > 0 && Number.isFinite(timeoutMs)))
    throw new Error("password-check: haveIBeenPwned.timeoutMs must be > 0");
  const minCount = hibp.minCount ?? 1;
  if (!(Number.isInteger(minCount) && minCount >= 1))
    throw new Error("password-check: haveIBeenPwned.minCount must be an integer ≥ 1");
  let endpoint = hibp.endpoint ?? DEFAULT_HIBP_ENDPOINT;
  if (!/^https?:\/\//.test(endpoint)) throw new Error("password-check: haveIBeenPwned.endpoint must be an http(s) URL");
  if (!endpoint.endsWith("/")) endpoint += "/";
  const minScore = options.minScore ?? null;
  if (minScore !== null && ![0, 1, 2, 3, 4].includes(minScore)) throw new Error("password-check: minScore must be 0–4");
  return {
    enabled: options.enabled ?? true,
    commonPasswords: options.commonPasswords ?? true,
    extraPasswords: options.extraPasswords ?? [],
    haveIBeenPwned: { enabled: hibp.enabled ?? false, timeoutMs, endpoint, minCount },
    minScore,
    translations: options.translations ?? null,
  };
}
