import { useCallback, useRef, useState } from "react";
import { errorOf } from "./api.js";

/** A write the user triggers: whether it is running, its last error, and `run` (ignored while busy). */
export interface Action {
  busy: boolean;
  error: { code: string; message: string } | null;
  /** Runs `task`; resolves true on success. A second call while one runs does nothing (no double submit). */
  run: (task: () => Promise<unknown>) => Promise<boolean>;
  clear: () => void;
}

/** State for one write button or form. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Action["error"]>(null);
  // The ref, not the state, guards: two clicks in one frame both see `busy` false.
  const running = useRef(false);
  const run = useCallback(async (task: () => Promise<unknown>) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await task();
      return true;
    } catch (reason) {
      setError(errorOf(reason));
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  const clear = useCallback(() => setError(null), []);
  return { busy, error, run, clear };
}
