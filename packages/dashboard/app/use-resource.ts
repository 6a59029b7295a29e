import { type DependencyList, useCallback, useEffect, useState } from "react";
import { errorOf } from "./api.js";

/** A loaded value: its data, the error that stopped it, whether a load is running, and a way to reload. */
export interface Resource<T> {
  data: T | null;
  error: { code: string; message: string } | null;
  loading: boolean;
  reload: () => void;
}

/**
 * Loads `load()` whenever `deps` change. A stale answer (the filters changed while it was on its way)
 * is aborted and never shown; the previous data stays on screen while the next load runs.
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): Resource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<Resource<T>["error"]>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `deps` names what `load` reads.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorOf(reason));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, loading, reload };
}
