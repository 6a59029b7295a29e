import type { ReactNode } from "react";

/** Shown while the first answer is on its way. */
export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="muted loading" role="status">
      {label}
    </p>
  );
}

/** Shown when a list has nothing to show. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/** A small coloured label: role, status, outcome. */
export function Badge({
  tone = "neutral",
  children,
}: {
  tone?: "neutral" | "good" | "bad" | "warn" | "info";
  children: ReactNode;
}) {
  return <span className={`badge ${tone}`}>{children}</span>;
}
