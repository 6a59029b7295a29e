/**
 * A redirect target is safe when it is a same-site relative path or an absolute http(s) URL on a
 * trusted origin. `//host` and `/\host` are protocol-relative in browsers, so they are refused, as
 * are control characters and backslashes anywhere (browsers read `\` as `/`).
 */
export function isSafeRedirectUrl(url: string, isTrustedOrigin: (origin: string) => boolean): boolean {
  if (url.length === 0 || url.length > 2048) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return false;
  if (url.startsWith("/")) return !url.startsWith("//");
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return isTrustedOrigin(`${parsed.protocol}//${parsed.host}`);
  return isTrustedOrigin(parsed.origin);
}
