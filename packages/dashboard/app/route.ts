import { useSyncExternalStore } from "react";

// Hash routing: the server answers one URL (the dashboard's page), so every view lives after the `#`.

/** A parsed route: the path segments after `#/` and the hash's query string. */
export interface Route {
  segments: string[];
  params: URLSearchParams;
}

const subscribe = (listener: () => void) => {
  window.addEventListener("hashchange", listener);
  return () => window.removeEventListener("hashchange", listener);
};

/** Parses `#/users/abc?search=x` into `{ segments: ["users", "abc"], params }`. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, "");
  const [path = "", query = ""] = raw.split("?", 2);
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  return { segments, params: new URLSearchParams(query) };
}

/** The current hash, re-rendering on every change. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => location.hash);
}

/** A hash link target: `href("users", id)` → `#/users/<id>`, with an optional query. */
export function href(...parts: (string | Record<string, string | number | undefined>)[]): string {
  const path: string[] = [];
  const params = new URLSearchParams();
  for (const part of parts) {
    if (typeof part === "string") path.push(encodeURIComponent(part));
    else for (const [k, v] of Object.entries(part)) if (v !== undefined && v !== "") params.set(k, String(v));
  }
  const search = params.toString();
  return `#/${path.join("/")}${search ? `?${search}` : ""}`;
}

/** Changes the view; `replace` keeps filter edits out of the back button's history. */
export function go(target: string, replace = false): void {
  if (replace) {
    history.replaceState(null, "", target);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  } else location.hash = target;
}
