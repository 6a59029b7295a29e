import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { CallResult } from "./call-client.js";
import { GATEHOUSE_UI_CSS } from "./styles.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

/** Which field an error code is about; the rest are about the whole form. */
const FIELD_OF_CODE: Record<string, string> = {
  INVALID_EMAIL: "email",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "email",
  EMAIL_NOT_VERIFIED: "email",
  PASSWORD_TOO_SHORT: "password",
  PASSWORD_TOO_LONG: "password",
  PASSWORD_COMPROMISED: "password",
  PASSWORD_TOO_WEAK: "password",
  INVALID_PASSWORD: "password",
  INVALID_USERNAME: "username",
  UNPROCESSABLE_USERNAME: "username",
  USERNAME_IS_ALREADY_TAKEN: "username",
  INVALID_TWO_FACTOR_CODE: "code",
  EMAIL_OTP_INVALID: "code",
  EMAIL_OTP_EXPIRED: "code",
  INVALID_OTP: "code",
  OTP_EXPIRED: "code",
  TWO_FACTOR_OTP_EXPIRED: "code",
};

export interface FormError {
  code: string;
  text: string;
  field: string | null;
}

/**
 * One form's submission: `pending` while a call runs, the friendly error of the last one. `run` turns a
 * call's `{data, error}` into state and answers the data on success (null on failure).
 */
export function useSubmit(params: Record<string, string | number> = {}) {
  const { errorText } = useGatehouseUI();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<FormError | null>(null);
  const run = useCallback(
    async <T,>(call: () => Promise<CallResult<T>>): Promise<T | null> => {
      setPending(true);
      setError(null);
      const r = await call();
      setPending(false);
      if (r.error) {
        const code = r.error.code ?? (r.error.status === 0 ? "NETWORK_ERROR" : "UNKNOWN");
        setError({ code, text: errorText(code, params), field: FIELD_OF_CODE[code] ?? null });
        return null;
      }
      return (r.data ?? {}) as T;
    },
    [errorText, params],
  );
  return { pending, error, setError, run };
}

/**
 * The card every component renders in: the theme, the stylesheet, a heading that takes focus when the
 * step changes (`step`), so keyboard and screen-reader users land on the new content.
 */
export function Card({
  title,
  subtitle,
  step,
  children,
  testId,
  focusOnMount = false,
}: {
  /** Focus the heading when the card first renders: a step that replaced another card. */
  focusOnMount?: boolean;
  title: string;
  subtitle?: string | undefined;
  step?: string;
  children?: ReactNode;
  testId?: string;
}) {
  const { theme, variables } = useGatehouseUI();
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const headingId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step is what changes; focus follows it.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (!focusOnMount) return;
    }
    heading.current?.focus();
  }, [step]);
  return (
    <section className="gh-root" data-theme={theme} style={variables} aria-labelledby={headingId} data-testid={testId}>
      <style>{GATEHOUSE_UI_CSS}</style>
      <h2 className="gh-title" id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {subtitle && <p className="gh-subtitle">{subtitle}</p>}
      {children}
    </section>
  );
}

/**
 * A form with its error region: always in the DOM (a live region must exist before its text changes to
 * be announced); visible for errors about the whole form, visually hidden when the field shows it.
 */
export function Form({
  onSubmit,
  error,
  children,
}: {
  onSubmit: (values: Record<string, string>) => void | Promise<void>;
  error: FormError | null;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  // A field error moves focus to the field, whose description then reads the message.
  useEffect(() => {
    if (!error?.field) return;
    const input = ref.current?.elements.namedItem(error.field);
    if (input instanceof HTMLElement) input.focus();
  }, [error]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values: Record<string, string> = {};
    for (const [k, v] of new FormData(event.currentTarget)) if (typeof v === "string") values[k] = v;
    void onSubmit(values);
  };
  return (
    <form className="gh-form" onSubmit={submit} ref={ref}>
      <div role="alert" className={error?.field ? "gh-sr-only" : "gh-alert"} data-tone="error">
        {error?.text ?? ""}
      </div>
      {children}
    </form>
  );
}

/** A labelled input; its hint and its error are its description (`aria-describedby`). */
export function Field({
  label,
  name,
  hint,
  error,
  ...input
}: { label: string; name: string; hint?: string | undefined; error: FormError | null } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "name"
>) {
  const id = useId();
  const mine = error?.field === name ? error : null;
  const described = [hint && `${id}-hint`, mine && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className="gh-field">
      <label className="gh-label" htmlFor={id}>
        {label}
      </label>
      <input
        className="gh-input"
        id={id}
        name={name}
        aria-describedby={described}
        aria-invalid={mine ? true : undefined}
        {...input}
      />
      {hint && (
        <p className="gh-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {mine && (
        <p className="gh-field-error" id={`${id}-error`}>
          {mine.text}
        </p>
      )}
    </div>
  );
}

/** The submit button: disabled with "Please wait…" while the call runs (no double submissions). */
export function Submit({ pending, children, variant }: { pending: boolean; children: ReactNode; variant?: "danger" }) {
  const { t } = useGatehouseUI();
  return (
    <button
      type="submit"
      className="gh-button"
      data-variant={variant}
      disabled={pending}
      aria-busy={pending || undefined}
    >
      {pending ? t("working") : children}
    </button>
  );
}

/** A paged list's footer: `label` ("Show more") while the server has more pages, "Please wait…" while one loads. */
export function PagerButton({
  shown,
  busy,
  onMore,
  label,
}: {
  shown: boolean;
  busy: boolean;
  onMore: () => void;
  label: string;
}) {
  const { t } = useGatehouseUI();
  if (!shown) return null;
  return (
    <button
      type="button"
      className="gh-button"
      data-variant="secondary"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={onMore}
    >
      {busy ? t("working") : label}
    </button>
  );
}

/** A success note, announced politely. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="gh-alert" data-tone="success" role="status">
      {children}
    </p>
  );
}
