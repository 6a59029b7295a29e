import { useState } from "react";
import { client } from "../auth-client.js";
import { ActionButton, ErrorNote, formValues, useLoad } from "../ui.js";

export function AdminPage() {
  const [search, setSearch] = useState("");
  const [error, setError] = useState<{ message?: string } | null>(null);
  const users = useLoad(
    () =>
      client.admin.listUsers({
        limit: 50,
        sortBy: "createdAt",
        sortDirection: "desc",
        ...(search ? ({ searchValue: search, searchField: "email", searchOperator: "contains" } as const) : {}),
      }),
    [search],
  );
  const act = async (p: Promise<{ error: { message?: string } | null }>) => {
    setError((await p).error);
    void users.reload();
  };
  return (
    <section>
      <h1>Admin</h1>
      <ErrorNote error={users.error ?? error} />
      <form onSubmit={(e) => setSearch(formValues(e).q ?? "")} className="inline">
        <input name="q" placeholder="Search by email" defaultValue={search} />
        <button type="submit">Search</button>
      </form>
      <p className="muted">
        {users.data?.totalExact === false ? "about " : ""}
        {users.data?.total ?? 0} users
      </p>
      {/* Under 600 px each row reads as a card: styles.css's table.stack, the labels from data-label. */}
      <table className="stack">
        <thead>
          <tr>
            <th>User</th>
            <th>Role</th>
            <th>Status</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data?.users.map((u) => (
            <tr key={u.id} data-testid="user-row">
              <td data-label="User">
                {u.name} <span className="muted">{u.email}</span>
              </td>
              <td data-label="Role">
                <select
                  value={u.role ?? "user"}
                  aria-label={`Role of ${u.email}`}
                  onChange={(e) => act(client.admin.setRole({ userId: u.id, role: e.target.value }))}
                >
                  <option>user</option>
                  <option>support</option>
                  <option>admin</option>
                </select>
              </td>
              <td data-label="Status">{u.banned ? `banned${u.banReason ? `: ${u.banReason}` : ""}` : "active"}</td>
              <td className="row-actions">
                {u.banned ? (
                  <ActionButton onClick={() => act(client.admin.unbanUser({ userId: u.id }))}>Unban</ActionButton>
                ) : (
                  <ActionButton
                    confirm={`Ban ${u.email}? Their sessions end now and they cannot sign in.`}
                    onClick={() => act(client.admin.banUser({ userId: u.id, banReason: "banned from the admin page" }))}
                  >
                    Ban
                  </ActionButton>
                )}{" "}
                <ActionButton
                  onClick={async () => {
                    const r = await client.admin.impersonateUser({ userId: u.id });
                    if (r.error) setError(r.error);
                    else location.assign("/");
                  }}
                >
                  Impersonate
                </ActionButton>{" "}
                <ActionButton
                  confirm={`Sign ${u.email} out of every device?`}
                  onClick={() => act(client.admin.revokeUserSessions({ userId: u.id }))}
                >
                  Sign out everywhere
                </ActionButton>{" "}
                <ActionButton
                  confirm={`Delete ${u.email} and everything they own? This cannot be undone.`}
                  onClick={() => act(client.admin.removeUser({ userId: u.id }))}
                >
                  Remove
                </ActionButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
