import type { ResolvedUsernameOptions } from "./username-options.js";

// ASCII only, by rule rather than by option: no Unicode means no confusables ("аdmin" with a Cyrillic
// "а"), no case folding that differs between databases, no normalization forms, and nothing that could
// be read as an email address, a path or markup.
const USERNAME_CHARACTERS = /^[A-Za-z0-9_.]+$/;

/**
 * The stored (lower-case) form of `value` when it is a well-formed username: a string of the allowed
 * characters, within the length bounds. Null otherwise. ASCII lower-casing is the same on every
 * database and in every locale.
 */
export function normalizeUsername(
  value: unknown,
  options: Pick<ResolvedUsernameOptions, "minUsernameLength" | "maxUsernameLength">,
): string | null {
  if (typeof value !== "string") return null;
  if (value.length < options.minUsernameLength || value.length > options.maxUsernameLength) return null;
  if (!USERNAME_CHARACTERS.test(value)) return null;
  return value.toLowerCase();
}

/** `normalizeUsername`, then the app's `usernameValidator`: for names about to be taken or offered. */
export async function acceptNewUsername(value: unknown, options: ResolvedUsernameOptions): Promise<string | null> {
  const username = normalizeUsername(value, options);
  if (username === null) return null;
  if (options.usernameValidator && !(await options.usernameValidator(value as string))) return null;
  return username;
}
