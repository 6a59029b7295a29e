import { type ReactNode, useEffect, useRef } from "react";
import { useGatehouseUI } from "./gatehouse-ui.js";
import { type FormError, PagerButton } from "./form-parts.js";
import { useOrgText } from "./organization-messages.js";

/** A slug the organization plugin's users can type in an address: `acme`, `acme-inc-2`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A slug suggested from a name: lowercase, ASCII letters and digits, single hyphens. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
}

/** Which field of the organization forms a server code is about. */
const FIELD_OF_ORG_CODE: Record<string, string> = {
  ORGANIZATION_ALREADY_EXISTS: "slug",
  ORGANIZATION_SLUG_ALREADY_TAKEN: "slug",
  INVALID_EMAIL: "email",
  USER_ALREADY_MEMBER: "email",
  USER_ALREADY_INVITED: "email",
};

/** The same error, tied to its field when the code names one (the shared map knows sign-in fields). */
export function withOrgField(error: FormError | null): FormError | null {
  if (!error || error.field) return error;
  const field = FIELD_OF_ORG_CODE[error.code];
  return field ? { ...error, field } : error;
}

/** A client-side check's error, shaped like a server one so `<Field>` ties it to its input. */
export function fieldError(field: string, text: string): FormError {
  return { code: "VALIDATION_ERROR", text, field };
}

/**
 * The confirmation of a destructive action, in place of its button: the question, the danger button
 * (busy while the call runs) and "Cancel". Focus moves to the question so a keyboard user is on it.
 */
export function ConfirmRow({
  question,
  confirm,
  pending,
  onConfirm,
  onCancel,
  cancelLabel,
}: {
  question: string;
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  const { t } = useGatehouseUI();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="gh-confirm">
      <p ref={ref} tabIndex={-1}>
        {question}
      </p>
      <div className="gh-row-actions">
        <button
          type="button"
          className="gh-button gh-button-inline"
          data-variant="danger"
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={onConfirm}
        >
          {pending ? t("working") : confirm}
        </button>
        <button
          type="button"
          className="gh-button gh-button-inline"
          data-variant="secondary"
          disabled={pending}
          onClick={onCancel}
        >
          {cancelLabel ?? t("cancel")}
        </button>
      </div>
    </div>
  );
}

/** A list's footer: "Load more" while the server has more pages. */
export function MoreButton(props: { shown: boolean; busy: boolean; onMore: () => void }) {
  const ot = useOrgText();
  return <PagerButton {...props} label={ot("loadMore")} />;
}

/** An error region that always exists (announced when it fills) for a section's actions. */
export function ActionAlert({ text }: { text: string | undefined }) {
  return (
    <div role="alert" className="gh-alert" data-tone="error">
      {text ?? ""}
    </div>
  );
}

/** A role `<select>` (the roles the app passed; the server refuses a role it lacks). */
export function RoleSelect({
  roles,
  name,
  label,
  defaultValue,
  disabled,
  id,
}: {
  roles: readonly string[];
  name: string;
  label: string;
  defaultValue?: string;
  disabled?: boolean;
  id: string;
}): ReactNode {
  return (
    <div className="gh-field">
      <label className="gh-label" htmlFor={id}>
        {label}
      </label>
      <select className="gh-select" id={id} name={name} defaultValue={defaultValue} disabled={disabled}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>
    </div>
  );
}
