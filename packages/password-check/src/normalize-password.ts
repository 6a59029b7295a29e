/**
 * The form list entries are compared in: NFKC (so full-width and composed letters match their plain
 * forms), lower case, outer spaces dropped. "  PASSWORD " is as guessable as "password".
 */
export function normalizePassword(password: string): string {
  return password.normalize("NFKC").toLowerCase().trim();
}
