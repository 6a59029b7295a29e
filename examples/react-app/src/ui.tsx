import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { navigate } from "./router.js";

/** A link that navigates without a page load. */
export function Link({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a
      href={to}
      onClick={(e) => {
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/** Reads a form's named fields as strings. */
export function formValues(e: FormEvent<HTMLFormElement>): Record<string, string> {
  e.preventDefault();
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(e.currentTarget)) out[k] = String(v);
  return out;
}

export function ErrorNote({ error }: { error: { message?: string } | null | undefined }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {error.message ?? "Something went wrong"}
    </p>
  );
}

/** Loads data with a `{data, error}` call; `reload` runs it again. */
export function useLoad<T>(
  load: () => Promise<{ data: T | null; error: { message?: string } | null }>,
  deps: unknown[],
) {
  const [state, setState] = useState<{ data: T | null; error: { message?: string } | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const reload = useCallback(
    async () => {
      const r = await load();
      setState({ data: r.data, error: r.error, loading: false });
    },
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what the loader reads.
    deps,
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}
