import { type ReactNode, useEffect, useId, useRef } from "react";
import { ErrorNotice } from "./ErrorNotice.js";

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in words; form fields for the action may follow. */
  children: ReactNode;
  confirmLabel: string;
  /** Red confirm button for what cannot be undone. */
  danger?: boolean;
  busy: boolean;
  error: { code: string; message: string } | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation on the native <dialog>: showModal() makes the rest of the page inert, traps
 * focus and closes on Escape. Focus starts on Cancel (a stray Enter must not destroy anything) and
 * returns to whatever opened the dialog (or the main content, if that is gone). Mounted only while open.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, children, confirmLabel, danger, busy, error, onConfirm, onCancel } = props;
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // The opener may be gone (a "Ban" button that became "Unban"): then the page's content.
      if (opener?.isConnected) opener.focus();
      else document.getElementById("main")?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        // Escape: ours to handle, so React state and the element agree (and a busy request is not abandoned).
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId} className="dialog-body">
          {children}
        </div>
        {error && <ErrorNotice error={error} />}
        <div className="dialog-actions">
          <button ref={cancelRef} type="button" className="button" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={danger ? "button danger" : "button primary"} disabled={busy}>
            {busy ? "Working…" : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
