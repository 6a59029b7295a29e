import { normalizePassword } from "./normalize-password.js";

/** The longest entry decides which passwords can be on the list at all (zxcvbn-ts's are ≤ 20). */
interface PasswordList {
  entries: ReadonlySet<string>;
  longest: number;
}

let loading: Promise<PasswordList> | null = null;

/**
 * zxcvbn-ts's common-password dictionary (about 49,000 entries from breach corpora, most common first),
 * normalized into a set. Imported on first use, not at start-up: the import decompresses ~380 kB.
 */
export function loadCommonPasswords(): Promise<PasswordList> {
  loading ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) => toList(dictionary["passwords-common"]),
    (error: unknown) => {
      // Not cached: a failed load (a broken install) is retried by the next check, not kept forever.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A normalized set of `passwords` with the length of its longest entry. */
export function toList(passwords: readonly string[]): PasswordList {
  const entries = new Set<string>();
  let longest = 0;
  for (const p of passwords) {
    const n = normalizePassword(p);
    if (n.length === 0) continue;
    entries.add(n);
    longest = Math.max(longest, n.length);
  }
  return { entries, longest };
}

/**
 * True when `password`, normalized, is on `list`: one set lookup. The hook has already held the
 * password to core's maximum length, so normalizing it is cheap.
 */
export function isListed(list: PasswordList, password: string): boolean {
  const n = normalizePassword(password);
  return n.length <= list.longest && list.entries.has(n);
}
