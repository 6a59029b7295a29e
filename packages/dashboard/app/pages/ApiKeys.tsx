import { useState } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { ErrorNotice } from "../components/ErrorNotice.js";
import { Pager } from "../components/Pager.js";
import { Badge, Empty, Loading } from "../components/Status.js";
import { UserLink } from "../components/UserLink.js";
import { can, useDashboard } from "../context.js";
import { formatDate, formatDateTime } from "../format.js";
import { go, href } from "../route.js";
import type { ApiKeyPage, ApiKeyRow } from "../types.js";
import { useAction } from "../use-action.js";
import { useResource } from "../use-resource.js";

const PAGE = 25;

/** Every API key, optionally one user's, with deletion. */
export function ApiKeys({ params }: { params: URLSearchParams }) {
  const { api, me } = useDashboard();
  const userId = params.get("userId") ?? "";
  const offset = Math.max(0, Number.parseInt(params.get("offset") ?? "0", 10) || 0);
  const [draft, setDraft] = useState(userId);
  const [pending, setPending] = useState<ApiKeyRow | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const action = useAction();
  const keys = useResource(
    (signal) => api.dashboard.get<ApiKeyPage>("list-api-keys", { userId, limit: PAGE, offset }, signal),
    [api, userId, offset],
  );
  const canDelete = can(me, "apiKey", "delete");
  const label = (k: ApiKeyRow) => k.name || (k.start ? `${k.start}…` : k.id);
  return (
    <section aria-labelledby="keys-title">
      <div className="page-head">
        <h1 id="keys-title">API keys</h1>
        {keys.data && <span className="muted">{keys.data.total} total</span>}
      </div>
      <form
        className="toolbar"
        aria-label="Filter API keys"
        onSubmit={(event) => {
          event.preventDefault();
          go(href("api-keys", { userId: draft.trim() }), true);
        }}
      >
        <label className="field grow">
          <span>User ID</span>
          <input value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Only this user's keys" />
        </label>
        <button type="submit" className="button primary">
          Filter
        </button>
        {userId && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setDraft("");
              go(href("api-keys"), true);
            }}
          >
            Clear
          </button>
        )}
      </form>
      {done && (
        <p className="notice success" role="status">
          {done}
        </p>
      )}
      {keys.error && <ErrorNotice error={keys.error} />}
      {!keys.data && !keys.error && <Loading />}
      {keys.data && keys.data.apiKeys.length === 0 && <Empty>No API keys{userId ? " for this user" : ""}.</Empty>}
      {keys.data && keys.data.apiKeys.length > 0 && (
        <div className="table-wrap" aria-busy={keys.loading}>
          <table className="table" data-testid="api-keys-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Starts with</th>
                <th scope="col">Owner</th>
                <th scope="col">Status</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">Created</th>
                {canDelete && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {keys.data.apiKeys.map((k) => (
                <tr key={k.id} data-testid="api-key-row">
                  <td>{k.name || <span className="muted">(unnamed)</span>}</td>
                  <td className="mono">{k.start ? `${k.start}…` : "—"}</td>
                  <td>
                    <UserLink id={k.userId} label={k.user?.email} />
                  </td>
                  <td>{k.enabled ? <Badge tone="good">Enabled</Badge> : <Badge tone="bad">Disabled</Badge>}</td>
                  <td>{formatDateTime(k.lastRequest)}</td>
                  <td>{k.expiresAt ? formatDate(k.expiresAt) : "Never"}</td>
                  <td>{formatDate(k.createdAt)}</td>
                  {canDelete && (
                    <td>
                      <button
                        type="button"
                        className="button small danger-outline"
                        onClick={() => {
                          action.clear();
                          setDone(null);
                          setPending(k);
                        }}
                        aria-label={`Delete API key ${label(k)}`}
                      >
                        Delete
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {keys.data && (
        <Pager
          offset={offset}
          limit={PAGE}
          total={keys.data.total}
          busy={keys.loading}
          onChange={(o) => go(href("api-keys", { userId, offset: o }), true)}
        />
      )}
      {pending && (
        <ConfirmDialog
          title="Delete this API key?"
          confirmLabel="Delete API key"
          danger
          busy={action.busy}
          error={action.error}
          onCancel={() => setPending(null)}
          onConfirm={async () => {
            const ok = await action.run(() => api.dashboard.post("delete-api-key", { id: pending.id }));
            if (!ok) return;
            setDone(`API key ${label(pending)} deleted.`);
            setPending(null);
            keys.reload();
          }}
        >
          <p>
            The key <strong>{label(pending)}</strong>
            {pending.user ? (
              <>
                {" "}
                of <strong>{pending.user.email}</strong>
              </>
            ) : null}{" "}
            stops working at once. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
