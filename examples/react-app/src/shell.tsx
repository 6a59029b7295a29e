import { OrganizationSwitcher, SignedIn, SignedOut, UserButton } from "@gatehouse-auth/react-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { navigate, usePath } from "./router.js";
import { Link } from "./ui.js";
import type { Scheme } from "./use-theme.js";

/** A navigation link that marks the current page (aria-current) for screen readers and the style. */
function NavLink({ to, children }: { to: string; children: ReactNode }) {
  const path = usePath();
  const current = to === "/" ? path === "/" : path === to || path.startsWith(`${to}/`);
  return (
    <a
      href={to}
      aria-current={current ? "page" : undefined}
      onClick={(e) => {
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * The product's header: the app's name, the pages, the theme toggle, and the user's organization and
 * avatar (signed in) or Sign in / Sign up. Under 600 px the pages fold behind a "Menu" button (a
 * disclosure, aria-expanded) instead of wrapping into rows; the account controls stay visible.
 */
export function Shell({
  scheme,
  onToggleTheme,
  roles,
  children,
}: {
  scheme: Scheme;
  onToggleTheme: () => void;
  roles: string[];
  children: ReactNode;
}) {
  const path = usePath();
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // A page change closes the menu (a phone user picked a page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every path change.
  useEffect(() => setOpen(false), [path]);
  useEffect(() => {
    if (!open) return;
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onEscape);
    return () => document.removeEventListener("keydown", onEscape);
  }, [open]);
  const dark = scheme === "dark";
  return (
    <div className="app">
      <header className="topbar">
        <div className="bar">
          <Link to="/" className="brand">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            <span>Gatehouse Notes</span>
          </Link>
          <div className="tools">
            <button
              type="button"
              className="icon-button"
              aria-pressed={dark}
              title={dark ? "Dark theme (on)" : "Dark theme (off)"}
              onClick={onToggleTheme}
            >
              <span aria-hidden="true">{dark ? "☾" : "☀"}</span>
              <span className="sr-only">Dark theme</span>
            </button>
            <SignedIn>
              <UserButton accountUrl="/account" />
            </SignedIn>
            <SignedOut>
              <Link to="/sign-in" className="tool-link">
                Sign in
              </Link>
              <Link to="/sign-up" className="tool-link primary">
                Sign up
              </Link>
            </SignedOut>
            <button
              ref={menuButton}
              type="button"
              className="icon-button menu-button"
              aria-expanded={open}
              aria-controls="main-nav"
              onClick={() => setOpen(!open)}
            >
              <span aria-hidden="true">☰</span>
              <span className="sr-only">Menu</span>
            </button>
          </div>
        </div>
        <div className="bar sub">
          <SignedIn>
            <div className="switcher">
              <OrganizationSwitcher />
            </div>
          </SignedIn>
          <nav id="main-nav" aria-label="Main" data-open={open}>
            <NavLink to="/">Home</NavLink>
            <SignedIn>
              <NavLink to="/account">Account</NavLink>
              <NavLink to="/organizations">Organization</NavLink>
              <NavLink to="/accounts">Switch account</NavLink>
              <NavLink to="/phone">Phone</NavLink>
              <NavLink to="/security">Security log</NavLink>
              {roles.includes("admin") && <NavLink to="/admin">Admin</NavLink>}
              {/* A full page load: the dashboard is served by the auth server, not this app. Support staff
                  (auth.mjs's read-only role) get it too. */}
              {(roles.includes("admin") || roles.includes("support")) && <a href="/api/auth/dashboard">Dashboard</a>}
            </SignedIn>
            <NavLink to="/mailbox">Mailbox</NavLink>
          </nav>
        </div>
      </header>
      <div className="shell">{children}</div>
      <footer className="footer">
        <p className="muted">
          Gatehouse Notes is the example app of Gatehouse: every screen here is a drop-in component of{" "}
          <code>@gatehouse-auth/react-ui</code> or a page of this app. <a href="/api/auth/reference">API reference</a>
        </p>
      </footer>
    </div>
  );
}
