import { useState } from "react";
import { ErrorNotice } from "../components/ErrorNotice.js";
import { Pager } from "../components/Pager.js";
import { SelectField } from "../components/SelectField.js";
import { SortHeader } from "../components/SortHeader.js";
import { Badge, Empty, Loading } from "../components/Status.js";
import { can, useDashboard } from "../context.js";
import { formatDate, rolesOf } from "../format.js";
import { go, href } from "../route.js";
import type { AdminUser, UserPage } from "../types.js";
import { useResource } from "../use-resource.js";

const PAGE = 25;

// list-users takes one filter at a time: the banned flag or the role, never both.
const FILTERS: Record<string, { label: string; query: Record<string, string> }> = {
  "": { label: "All users", query: {} },
  banned: { label: "Banned", query: { filterField: "banned", filterValue: "true", filterOperator: "eq" } },
  active: { label: "Not banned", query: { filterField: "banned", filterValue: "true", filterOperator: "ne" } },
  "role:admin": {
    label: "Role: admin",
    query: { filterField: "role", filterValue: "admin", filterOperator: "contains" },
  },
  "role:user": { label: "Role: user", query: { filterField: "role", filterValue: "user", filterOperator: "eq" } },
};

/** A user's state as badges: banned, unverified, roles. */
export function UserBadges({ user }: { user: AdminUser }) {
  return (
    <span className="badges">
      {user.banned ? <Badge tone="bad">Banned</Badge> : <Badge tone="good">Active</Badge>}
      {!user.emailVerified && <Badge tone="warn">Unverified</Badge>}
    </span>
  );
}

/** Search, filter, sort and page through users. */
export function Users({ params }: { params: URLSearchParams }) {
  const { api, me } = useDashboard();
  const search = params.get("q") ?? "";
  const field = params.get("field") === "name" ? "name" : "email";
  const filter = Object.hasOwn(FILTERS, params.get("filter") ?? "") ? (params.get("filter") ?? "") : "";
  const sortBy = ["name", "email", "createdAt"].includes(params.get("sort") ?? "")
    ? (params.get("sort") as string)
    : "createdAt";
  const direction = params.get("dir") === "asc" ? "asc" : "desc";
  const offset = Math.max(0, Number.parseInt(params.get("offset") ?? "0", 10) || 0);
  const [draft, setDraft] = useState(search);

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = { q: search, field, filter, sort: sortBy, dir: direction, offset: String(offset), ...changes };
    go(href("users", next), true);
  };
  const users = useResource(
    (signal) =>
      api.get<UserPage>(
        "/admin/list-users",
        {
          searchValue: search,
          searchField: field,
          searchOperator: "contains",
          ...FILTERS[filter]?.query,
          sortBy,
          sortDirection: direction,
          limit: PAGE,
          offset,
        },
        signal,
      ),
    [api, search, field, filter, sortBy, direction, offset],
  );
  const canOpen = can(me, "user", "get");
  return (
    <section aria-labelledby="users-title">
      <div className="page-head">
        <h1 id="users-title">Users</h1>
        {users.data && <span className="muted">{users.data.total} total</span>}
      </div>
      <form
        className="toolbar"
        aria-label="Search users"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: draft.trim(), offset: 0 });
        }}
      >
        <label className="field grow">
          <span>Search</span>
          <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="Email or name…" />
        </label>
        <SelectField
          label="In"
          value={field}
          options={[
            { value: "email", label: "Email" },
            { value: "name", label: "Name" },
          ]}
          onChange={(v) => update({ field: v, offset: 0 })}
        />
        <SelectField
          label="Show"
          value={filter}
          options={Object.entries(FILTERS).map(([value, f]) => ({ value, label: f.label }))}
          onChange={(v) => update({ filter: v, offset: 0 })}
        />
        <button type="submit" className="button primary">
          Search
        </button>
      </form>
      {users.error && <ErrorNotice error={users.error} />}
      {!users.data && !users.error && <Loading />}
      {users.data && users.data.users.length === 0 && <Empty>No users match.</Empty>}
      {users.data && users.data.users.length > 0 && (
        <div className="table-wrap" aria-busy={users.loading}>
          <table className="table" data-testid="users-table">
            <thead>
              <tr>
                <SortHeader
                  label="Name"
                  field="name"
                  sortBy={sortBy}
                  direction={direction}
                  onSort={(s, d) => update({ sort: s, dir: d, offset: 0 })}
                />
                <SortHeader
                  label="Email"
                  field="email"
                  sortBy={sortBy}
                  direction={direction}
                  onSort={(s, d) => update({ sort: s, dir: d, offset: 0 })}
                />
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <SortHeader
                  label="Created"
                  field="createdAt"
                  sortBy={sortBy}
                  direction={direction}
                  onSort={(s, d) => update({ sort: s, dir: d, offset: 0 })}
                />
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((u) => (
                <tr key={u.id} data-testid="user-row">
                  <td>{canOpen ? <a href={href("users", u.id)}>{u.name || "(no name)"}</a> : u.name}</td>
                  <td>{u.email}</td>
                  <td>
                    {rolesOf(u.role).map((r) => (
                      <Badge key={r} tone={r === "admin" ? "info" : "neutral"}>
                        {r}
                      </Badge>
                    ))}
                  </td>
                  <td>
                    <UserBadges user={u} />
                  </td>
                  <td>{formatDate(u.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {users.data && (
        <Pager
          offset={offset}
          limit={PAGE}
          total={users.data.total}
          busy={users.loading}
          onChange={(o) => update({ offset: o })}
        />
      )}
    </section>
  );
}
