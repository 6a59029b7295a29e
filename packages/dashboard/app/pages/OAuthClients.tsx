import { useState } from "react";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { ErrorNotice } from "../components/ErrorNotice.js";
import { Badge, Empty, Loading } from "../components/Status.js";
import { useDashboard } from "../context.js";
import { formatDate, formatDateTime } from "../format.js";
import { go, href } from "../route.js";
import type { OAuthClientPage, OAuthClientRow } from "../types.js";
import { useAction } from "../use-action.js";
import { useResource } from "../use-resource.js";

// The OAuth provider's clients, through its own admin API (/oauth2/admin/*): it decides who may (its
// adminRoles) and refuses keys and impersonation for every change.

const PAGE = 25;

const kindOf = (c: OAuthClientRow) =>
  c.configured ? "Configured" : c.dynamicallyRegistered ? "Registered" : "Created by an admin";

function StatusBadge({ client }: { client: OAuthClientRow }) {
  return client.disabled ? <Badge tone="bad">Disabled</Badge> : <Badge tone="good">Enabled</Badge>;
}

/** Every client, configured ones first, then stored ones newest first, page by page (cursor). */
export function OAuthClients({ params }: { params: URLSearchParams }) {
  const { api } = useDashboard();
  const cursor = params.get("cursor") ?? undefined;
  const clients = useResource(
    (signal) => api.get<OAuthClientPage>("/oauth2/admin/list-clients", { limit: PAGE, cursor }, signal),
    [api, cursor],
  );
  return (
    <section aria-labelledby="oauth-clients-title">
      <div className="page-head">
        <h1 id="oauth-clients-title">OAuth clients</h1>
      </div>
      {clients.error && <ErrorNotice error={clients.error} />}
      {!clients.data && !clients.error && <Loading />}
      {clients.data && clients.data.clients.length === 0 && <Empty>No OAuth clients.</Empty>}
      {clients.data && clients.data.clients.length > 0 && (
        <div className="table-wrap" aria-busy={clients.loading}>
          <table className="table" data-testid="oauth-clients-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Client ID</th>
                <th scope="col">Kind</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {clients.data.clients.map((c) => (
                <tr key={c.clientId} data-testid="oauth-client-row">
                  <td>
                    <a href={href("oauth-clients", c.clientId)}>{c.name || <span className="muted">(unnamed)</span>}</a>
                  </td>
                  <td className="mono">{c.clientId}</td>
                  <td>{kindOf(c)}</td>
                  <td>{c.tokenEndpointAuthMethod === "none" ? "Public" : "Confidential"}</td>
                  <td>
                    <StatusBadge client={c} />
                  </td>
                  <td>{c.createdAt ? formatDate(c.createdAt) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="toolbar">
        {cursor && (
          <button type="button" className="button" onClick={() => go(href("oauth-clients"))}>
            First page
          </button>
        )}
        {clients.data?.nextCursor && (
          <button
            type="button"
            className="button"
            onClick={() => go(href("oauth-clients", { cursor: clients.data?.nextCursor ?? undefined }))}
          >
            Next page
          </button>
        )}
      </div>
    </section>
  );
}

type Pending = "delete" | "rotate" | null;

/** One client: its settings, disable/enable, rotate secret (the new one shown once), delete. */
export function OAuthClientDetailPage({ id }: { id: string }) {
  const { api } = useDashboard();
  const client = useResource(
    (signal) => api.get<OAuthClientRow>("/oauth2/admin/get-client", { clientId: id }, signal),
    [api, id],
  );
  const action = useAction();
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  if (client.error) return <ErrorNotice error={client.error} />;
  const c = client.data;
  if (!c) return <Loading />;
  const label = c.name || c.clientId;
  const toggle = async () => {
    setDone(null);
    setSecret(null);
    const ok = await action.run(() =>
      api.post(c.disabled ? "/oauth2/admin/enable-client" : "/oauth2/admin/disable-client", { clientId: c.clientId }),
    );
    if (ok) {
      setDone(c.disabled ? `${label} enabled.` : `${label} disabled: its tokens were revoked.`);
      client.reload();
    }
  };
  return (
    <section aria-labelledby="oauth-client-title">
      <div className="page-head">
        <h1 id="oauth-client-title">{label}</h1>
        <StatusBadge client={c} />
      </div>
      {c.configured ? (
        <p className="notice" role="note">
          This client comes from the server's configuration: change it there.
        </p>
      ) : (
        <div className="toolbar">
          <button type="button" className="button" disabled={action.busy} onClick={toggle}>
            {c.disabled ? "Enable" : "Disable"}
          </button>
          {c.tokenEndpointAuthMethod !== "none" && (
            <button
              type="button"
              className="button"
              onClick={() => {
                action.clear();
                setDone(null);
                setPending("rotate");
              }}
            >
              Rotate secret
            </button>
          )}
          <button
            type="button"
            className="button danger"
            onClick={() => {
              action.clear();
              setDone(null);
              setPending("delete");
            }}
          >
            Delete client
          </button>
        </div>
      )}
      {!pending && action.error && <ErrorNotice error={action.error} />}
      {done && (
        <p className="notice success" role="status">
          {done}
        </p>
      )}
      {secret && (
        <div className="notice success" role="status" data-testid="new-client-secret">
          <p>The new secret, shown this once. Copy it now; the old one no longer works.</p>
          <p className="mono">{secret}</p>
        </div>
      )}
      <div className="card">
        <dl className="props">
          <dt>Client ID</dt>
          <dd className="mono">{c.clientId}</dd>
          <dt>Kind</dt>
          <dd>{kindOf(c)}</dd>
          <dt>Authentication</dt>
          <dd className="mono">{c.tokenEndpointAuthMethod}</dd>
          <dt>Grant types</dt>
          <dd className="mono">{c.grantTypes.join(", ")}</dd>
          <dt>Redirect URIs</dt>
          <dd className="mono">
            {c.redirectUris.map((u) => (
              <div key={u}>{u}</div>
            ))}
          </dd>
          <dt>Post-logout URIs</dt>
          <dd className="mono">{c.postLogoutRedirectUris.length ? c.postLogoutRedirectUris.join(", ") : "—"}</dd>
          <dt>Skips consent</dt>
          <dd>{c.skipConsent ? "Yes (first party)" : "No"}</dd>
          <dt>Created</dt>
          <dd>{c.createdAt ? formatDateTime(c.createdAt) : "—"}</dd>
        </dl>
      </div>
      {pending === "rotate" && (
        <ConfirmDialog
          title="Rotate this client's secret?"
          confirmLabel="Rotate secret"
          busy={action.busy}
          error={action.error}
          onCancel={() => setPending(null)}
          onConfirm={async () => {
            let next: string | null = null;
            const ok = await action.run(async () => {
              const r = await api.post<{ clientSecret: string }>("/oauth2/admin/rotate-client-secret", {
                clientId: c.clientId,
              });
              next = r.clientSecret;
            });
            if (!ok) return;
            setSecret(next);
            setPending(null);
          }}
        >
          <p>
            The current secret of <strong>{label}</strong> stops working at once; the app must be given the new one.
          </p>
        </ConfirmDialog>
      )}
      {pending === "delete" && (
        <ConfirmDialog
          title="Delete this client?"
          confirmLabel="Delete client"
          danger
          busy={action.busy}
          error={action.error}
          onCancel={() => setPending(null)}
          onConfirm={async () => {
            const ok = await action.run(() => api.post("/oauth2/admin/delete-client", { clientId: c.clientId }));
            if (!ok) return;
            setPending(null);
            go(href("oauth-clients"));
          }}
        >
          <p>
            <strong>{label}</strong> is removed: every token it holds is revoked and every user's consent to it
            forgotten. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
