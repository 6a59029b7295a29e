import { useCallback, useSyncExternalStore } from "react";

/** What the visitor picked; no pick follows the system's `prefers-color-scheme`. */
export type Scheme = "light" | "dark";

const KEY = "example-theme";
const listeners = new Set<() => void>();
const dark = window.matchMedia("(prefers-color-scheme: dark)");
dark.addEventListener("change", () => {
  for (const l of listeners) l();
});

function picked(): Scheme | null {
  const value = localStorage.getItem(KEY);
  return value === "light" || value === "dark" ? value : null;
}

/** Applies a pick to <html> (styles.css reads data-theme; no attribute means "system"). */
function apply(scheme: Scheme | null): void {
  if (scheme) document.documentElement.dataset.theme = scheme;
  else delete document.documentElement.dataset.theme;
}
apply(picked());

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * The colour scheme in effect (the visitor's pick, else the system's) and a toggle to the other one.
 * The pick is kept in localStorage so it survives reloads; until then the page follows the system.
 */
export function useTheme(): { scheme: Scheme; picked: Scheme | null; toggle: () => void } {
  const choice = useSyncExternalStore(subscribe, picked);
  const system = useSyncExternalStore(subscribe, () => (dark.matches ? "dark" : "light"));
  const scheme = choice ?? system;
  const toggle = useCallback(() => {
    const next: Scheme = scheme === "dark" ? "light" : "dark";
    localStorage.setItem(KEY, next);
    apply(next);
    for (const l of listeners) l();
  }, [scheme]);
  return { scheme, picked: choice, toggle };
}
