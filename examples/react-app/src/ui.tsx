import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { navigate } from "./router.js";

/** A link that navigates without a page load. */
export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <a
      href={to}
      className={className}
      onClick={(e) => {
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/** Reads a form's named fields (and the submit button's name=value) as strings. */
export function formValues(e: FormEvent<HTMLFormElement>): Record<string, string> {
  e.preventDefault();
  const out: Record<string, string> = {};
  // The clicked button's name=value counts too (a form with two submit buttons).
  const submitter = (e.nativeEvent as SubmitEvent).submitter;
  for (const [k, v] of new FormData(e.currentTarget, submitter)) out[k] = String(v);
  return out;
}

/** The error shape every client call answers with. */
export type ApiError = { message?: string } | null | undefined;

/**
 * A form that runs one submission at a time: its controls are disabled while `onSubmit` runs, and a
 * second submit before the first ends (a double click, Enter pressed twice) is dropped — a ref, not
 * state, so even two events in one frame send one request.
 */
export function Form({
  onSubmit,
  children,
  className,
}: {
  onSubmit: (values: Record<string, string>, form: HTMLFormElement) => unknown;
  children: ReactNode;
  className?: string;
}) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className={className}
      aria-busy={busy}
      onSubmit={async (e) => {
        const values = formValues(e);
        if (running.current) return;
        running.current = true;
        setBusy(true);
        try {
          await onSubmit(values, e.currentTarget);
        } finally {
          running.current = false;
          setBusy(false);
        }
      }}
    >
      <fieldset disabled={busy}>{children}</fieldset>
    </form>
  );
}

/**
 * A button that runs one action at a time (disabled while it runs). With `confirm`, the browser asks
 * first: destructive actions (leave, ban, remove, delete) are never one stray click away.
 */
export function ActionButton({
  onClick,
  confirm,
  children,
  className,
  disabled,
}: {
  onClick: () => unknown;
  confirm?: string;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy || disabled}
      onClick={async () => {
        if (running.current) return;
        if (confirm && !window.confirm(confirm)) return;
        running.current = true;
        setBusy(true);
        try {
          await onClick();
        } finally {
          running.current = false;
          setBusy(false);
        }
      }}
    >
      {children}
    </button>
  );
}

/** A success line, announced to screen readers. */
export function OkNote({ note }: { note: string | null | undefined }) {
  if (!note) return null;
  return (
    <p className="ok" role="status">
      {note}
    </p>
  );
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
