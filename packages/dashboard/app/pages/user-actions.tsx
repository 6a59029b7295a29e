import type { ReactNode } from "react";
import type { Api } from "../api.js";
import type { AdminUser } from "../types.js";

/** A destructive or privileged action on a user, waiting for confirmation. */
export type PendingAction =
  | { kind: "ban" }
  | { kind: "unban" }
  | { kind: "role"; role: string }
  | { kind: "impersonate" }
  | { kind: "revoke-all" }
  | { kind: "revoke-one"; sessionId: string; label: string }
  | { kind: "delete" }
  | { kind: "delete-key"; keyId: string; label: string };

/** The ban dialog's fields. */
export interface BanFields {
  reason: string;
  /** Seconds, or "" for a ban until lifted. */
  expiresIn: string;
}

/** Choices for a ban's length. */
export const BAN_LENGTHS: { label: string; seconds: string }[] = [
  { label: "Until lifted", seconds: "" },
  { label: "1 hour", seconds: String(3600) },
  { label: "1 day", seconds: String(86_400) },
  { label: "7 days", seconds: String(7 * 86_400) },
  { label: "30 days", seconds: String(30 * 86_400) },
];

/** What the dialog says and does for one pending action. */
export interface ActionSpec {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  danger: boolean;
  /** The notice once it worked. */
  done: string;
  run: () => Promise<unknown>;
}

/** The dialog text and the request for `action` on `user`. */
export function describeAction(api: Api, user: AdminUser, action: PendingAction, ban: BanFields): ActionSpec {
  const who = <strong>{user.email}</strong>;
  switch (action.kind) {
    case "ban":
      return {
        title: `Ban ${user.email}?`,
        text: <p>{who} will be signed out everywhere and refused at sign-in until the ban is lifted or expires.</p>,
        confirmLabel: "Ban user",
        done: "User banned.",
        danger: true,
        run: () =>
          api.post("/admin/ban-user", {
            userId: user.id,
            ...(ban.reason.trim() ? { banReason: ban.reason.trim() } : {}),
            ...(ban.expiresIn ? { banExpiresIn: Number(ban.expiresIn) } : {}),
          }),
      };
    case "unban":
      return {
        title: `Lift the ban on ${user.email}?`,
        text: <p>{who} will be able to sign in again.</p>,
        confirmLabel: "Unban user",
        done: "Ban lifted.",
        danger: false,
        run: () => api.post("/admin/unban-user", { userId: user.id }),
      };
    case "role":
      return {
        title: `Change the role of ${user.email}?`,
        text: (
          <p>
            {who}'s role changes from <strong>{user.role || "(none)"}</strong> to <strong>{action.role}</strong>, with
            the permissions that role grants, from their next request on.
          </p>
        ),
        confirmLabel: "Change role",
        done: "Role changed.",
        danger: false,
        run: () => api.post("/admin/set-role", { userId: user.id, role: action.role }),
      };
    case "impersonate":
      return {
        title: `Sign in as ${user.email}?`,
        text: (
          <p>
            This browser will act as {who} in the app until you stop impersonating or the session expires. Their actions
            will be recorded as yours.
          </p>
        ),
        confirmLabel: "Impersonate",
        done: "Impersonating…",
        danger: false,
        run: () => api.post("/admin/impersonate-user", { userId: user.id }),
      };
    case "revoke-all":
      return {
        title: `Sign ${user.email} out everywhere?`,
        text: <p>Every session of {who} ends now; they will have to sign in again on every device.</p>,
        confirmLabel: "Revoke all sessions",
        done: "Every session revoked.",
        danger: true,
        run: () => api.post("/admin/revoke-user-sessions", { userId: user.id }),
      };
    case "revoke-one":
      return {
        title: "Revoke this session?",
        text: (
          <p>
            The session of {who} on <strong>{action.label}</strong> ends now.
          </p>
        ),
        confirmLabel: "Revoke session",
        done: "Session revoked.",
        danger: true,
        run: () => api.post("/admin/revoke-user-session", { sessionId: action.sessionId }),
      };
    case "delete":
      return {
        title: `Delete ${user.email}?`,
        text: (
          <p>
            {who}, their accounts and their sessions are deleted for good. <strong>This cannot be undone.</strong>
          </p>
        ),
        confirmLabel: "Delete user",
        done: "User deleted.",
        danger: true,
        run: () => api.post("/admin/remove-user", { userId: user.id }),
      };
    case "delete-key":
      return {
        title: "Delete this API key?",
        text: (
          <p>
            The key <strong>{action.label}</strong> of {who} stops working at once. This cannot be undone.
          </p>
        ),
        confirmLabel: "Delete API key",
        done: "API key deleted.",
        danger: true,
        run: () => api.dashboard.post("delete-api-key", { id: action.keyId }),
      };
  }
}
