import { useSyncExternalStore } from "react";

// A ten-line router: pathname-based, so emailed links (/accept-invitation/…, /reset-password?token=…)
// land on the right page; the server answers every unknown path with the app.
const listeners = new Set<() => void>();
window.addEventListener("popstate", () => {
  for (const l of listeners) l();
});

/** Goes to `to` without a page load; `replace` for a redirect (the old path leaves no history entry). */
export function navigate(to: string, { replace = false } = {}): void {
  if (replace) history.replaceState(null, "", to);
  else history.pushState(null, "", to);
  for (const l of listeners) l();
}

export function usePath(): string {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => location.pathname,
  );
}

/** The query string's parameters; re-renders when navigation changes them. */
export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => location.search,
  );
  return new URLSearchParams(search);
}
