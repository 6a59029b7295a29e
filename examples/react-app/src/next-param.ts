import { useEffect } from "react";
import { pendingNext, rememberNext, safeNext, sameOriginPath } from "./after-sign-in.js";
import { useSearchParams } from "./router.js";

/**
 * The page to return to after sign-in/up: `?next=` (or a same-origin `?callbackURL=`, as the dashboard's
 * redirect sends) from the URL, else one remembered earlier in this tab. Remembers it, so it survives a
 * detour (the second factor, sign-up and back).
 */
export function useNext(): string | null {
  const params = useSearchParams();
  const fromUrl = safeNext(params.get("next")) ?? sameOriginPath(params.get("callbackURL"));
  useEffect(() => rememberNext(fromUrl), [fromUrl]);
  return fromUrl ?? pendingNext();
}

/** `to` carrying the page to return to, when there is one. */
export function withNext(to: string, next: string | null): string {
  return next ? `${to}?next=${encodeURIComponent(next)}` : to;
}
