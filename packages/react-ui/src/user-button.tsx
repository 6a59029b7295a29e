import { useEffect, useId, useRef, useState } from "react";
import { callClient } from "./call-client.js";
import { GATEHOUSE_UI_CSS } from "./styles.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

export interface UserButtonProps {
  /** The app's account settings page; the link is hidden when not given. */
  accountUrl?: string;
  /** Where to go after signing out (full page load); default: stay, the session store updates. */
  afterSignOutUrl?: string;
}

/** The initials of a name (or the email's first letter) for the avatar. */
function initials(name: string, email: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length ? parts.slice(0, 2).map((p) => p[0]) : [email[0]];
  return letters.join("").toUpperCase();
}

/**
 * The signed-in user's avatar button; it discloses a panel with their name and email, a link to the
 * account settings and "Sign out". A disclosure (aria-expanded), not an ARIA menu: Tab moves through its
 * links as anywhere else; Escape closes it and returns focus to the button. Renders nothing signed out.
 */
export function UserButton({ accountUrl, afterSignOutUrl }: UserButtonProps) {
  const { client, t, theme, variables } = useGatehouseUI();
  const { data } = client.useSession();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    // A click or focus outside closes the panel, as a user expects of a popover.
    const away = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    // Escape closes it from anywhere inside and gives focus back to the button.
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("focusin", away);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("focusin", away);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);
  if (!data) return null;
  const { user } = data;
  return (
    <div className="gh-root gh-user" data-theme={theme} style={variables} ref={wrapper} data-testid="gh-user-button">
      <style>{GATEHOUSE_UI_CSS}</style>
      <button
        ref={button}
        type="button"
        className="gh-avatar"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {/* The initials are decoration; the name is what the button is called (WCAG 2.5.3: no aria-label
            that the visible text is not part of). */}
        <span aria-hidden="true">{initials(user.name, user.email)}</span>
        <span className="gh-sr-only">{t("userMenu", { name: user.name || user.email })}</span>
      </button>
      <div className="gh-user-panel" id={panelId} hidden={!open}>
        <p className="gh-user-name">{user.name}</p>
        <p className="gh-muted gh-user-email">{user.email}</p>
        <div className="gh-stack">
          {accountUrl && (
            <a className="gh-button" data-variant="secondary" href={accountUrl}>
              {t("accountSettings")}
            </a>
          )}
          <button
            type="button"
            className="gh-button"
            data-variant="secondary"
            disabled={pending}
            onClick={async () => {
              setPending(true);
              const r = await callClient(client, "signOut");
              setPending(false);
              setOpen(false);
              if (!r.error && afterSignOutUrl) window.location.assign(afterSignOutUrl);
            }}
          >
            {pending ? t("working") : t("signOut")}
          </button>
        </div>
      </div>
    </div>
  );
}
