import { ErrorNotice } from "../components/ErrorNotice.js";
import { useDashboard } from "../context.js";
import { safeAppUrl } from "../format.js";
import { useAction } from "../use-action.js";

/**
 * What an impersonation session sees: the server grants it nothing here (an admin acting as a user
 * must not administer as that user), so the only way forward is back to the admin's own session.
 */
export function Impersonating() {
  const { api, me } = useDashboard();
  const action = useAction();
  return (
    <section aria-labelledby="imp-title" className="card">
      <h1 id="imp-title">You are impersonating {me.user.email}</h1>
      <p>
        The dashboard is not available while you act as another user. Stop impersonating to return to your own account.
      </p>
      {action.error && <ErrorNotice error={action.error} />}
      <div className="actions">
        <button
          type="button"
          className="button primary"
          disabled={action.busy}
          onClick={async () => {
            if (await action.run(() => api.post("/admin/stop-impersonating", {}))) location.reload();
          }}
        >
          {action.busy ? "Working…" : "Stop impersonating"}
        </button>
        <a className="button" href={safeAppUrl(me.appUrl)}>
          Back to the app
        </a>
      </div>
    </section>
  );
}
