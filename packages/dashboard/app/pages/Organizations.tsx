import { useState } from "react";
import { ErrorNotice } from "../components/ErrorNotice.js";
import { Pager } from "../components/Pager.js";
import { Empty, Loading } from "../components/Status.js";
import { can, useDashboard } from "../context.js";
import { formatDate } from "../format.js";
import { go, href } from "../route.js";
import type { OrganizationPage } from "../types.js";
import { useResource } from "../use-resource.js";

const PAGE = 25;

/** Search and page through organizations. */
export function Organizations({ params }: { params: URLSearchParams }) {
  const { api, me } = useDashboard();
  const search = params.get("q") ?? "";
  const offset = Math.max(0, Number.parseInt(params.get("offset") ?? "0", 10) || 0);
  const [draft, setDraft] = useState(search);
  const orgs = useResource(
    (signal) => api.dashboard.get<OrganizationPage>("list-organizations", { search, limit: PAGE, offset }, signal),
    [api, search, offset],
  );
  const canOpen = can(me, "organization", "get");
  return (
    <section aria-labelledby="orgs-title">
      <div className="page-head">
        <h1 id="orgs-title">Organizations</h1>
        {orgs.data && <span className="muted">{orgs.data.total} total</span>}
      </div>
      <form
        className="toolbar"
        aria-label="Search organizations"
        onSubmit={(event) => {
          event.preventDefault();
          go(href("organizations", { q: draft.trim() }), true);
        }}
      >
        <label className="field grow">
          <span>Search</span>
          <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Name or slug…" />
        </label>
        <button type="submit" className="button primary">
          Search
        </button>
      </form>
      {orgs.error && <ErrorNotice error={orgs.error} />}
      {!orgs.data && !orgs.error && <Loading />}
      {orgs.data && orgs.data.organizations.length === 0 && <Empty>No organizations match.</Empty>}
      {orgs.data && orgs.data.organizations.length > 0 && (
        <div className="table-wrap" aria-busy={orgs.loading}>
          <table className="table" data-testid="organizations-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col" className="num">
                  Members
                </th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {orgs.data.organizations.map((o) => (
                <tr key={o.id} data-testid="organization-row">
                  <td>{canOpen ? <a href={href("organizations", o.id)}>{o.name}</a> : o.name}</td>
                  <td className="mono">{o.slug}</td>
                  <td className="num">{o.memberCount}</td>
                  <td>{formatDate(o.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {orgs.data && (
        <Pager
          offset={offset}
          limit={PAGE}
          total={orgs.data.total}
          busy={orgs.loading}
          onChange={(o) => go(href("organizations", { q: search, offset: o }), true)}
        />
      )}
    </section>
  );
}
