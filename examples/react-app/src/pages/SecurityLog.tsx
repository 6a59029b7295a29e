import { useState } from "react";
import { client } from "../auth-client.js";
import { deviceName } from "../device-name.js";
import { ActionButton, useLoad } from "../ui.js";

/** What each event type reads as, for people (the audit log's types are for machines). */
const LABELS: Record<string, string> = {
  "user.signed_up": "Account created",
  "user.signed_in": "Signed in",
  "user.sign_in_failed": "Failed sign-in",
  "user.signed_out": "Signed out",
  "session.revoked": "Sessions signed out",
  "password.changed": "Password changed",
  "password.reset": "Password reset",
  "email.change_requested": "Email change requested",
  "email.change_confirmed": "Email change confirmed",
  "email.changed": "Email changed",
  "email.verified": "Email verified",
  "account.linked": "Account linked",
  "account.unlinked": "Account unlinked",
  "user.updated": "Profile updated",
  "two_factor.enabled": "Two-factor turned on",
  "two_factor.disabled": "Two-factor turned off",
  "api_key.created": "API key created",
  "api_key.deleted": "API key deleted",
};

type SecurityEvent = {
  id: string;
  type: string;
  outcome: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
  details: Record<string, unknown> | null;
};

/** The signed-in user's own security log: sign-ins with address and device, and account changes. */
export function SecurityLog() {
  const [cursor, setCursor] = useState<string | null>(null);
  const [older, setOlder] = useState<SecurityEvent[]>([]);
  const first = useLoad(() => client.listSecurityEvents({ limit: "20" }), []);
  const events = [...((first.data?.events ?? []) as SecurityEvent[]), ...older];
  const next = cursor === null ? (first.data?.nextCursor ?? null) : cursor;
  return (
    <section>
      <h1>Security log</h1>
      <p className="muted">Your sign-ins and the changes to your account, newest first.</p>
      <table>
        <thead>
          <tr>
            <th>When</th>
            <th>What</th>
            <th>Where</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr key={e.id} data-testid="security-event" className={e.outcome === "failure" ? "failed" : undefined}>
              <td>{new Date(e.createdAt).toLocaleString()}</td>
              <td>
                {LABELS[e.type] ?? e.type}
                {e.outcome === "failure" && " (refused)"}
                {typeof e.details?.method === "string" && <span className="muted"> · {e.details.method}</span>}
              </td>
              <td>
                {e.ipAddress ?? "—"}
                {e.userAgent && <span className="muted"> · {deviceName(e.userAgent)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {next && (
        <ActionButton
          onClick={async () => {
            const r = await client.listSecurityEvents({ limit: "20", cursor: next });
            setOlder((o) => [...o, ...((r.data?.events ?? []) as SecurityEvent[])]);
            setCursor(r.data?.nextCursor ?? "");
          }}
        >
          Older events
        </ActionButton>
      )}
    </section>
  );
}
