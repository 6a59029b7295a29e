import { useState } from "react";
import { client } from "../auth-client.js";
import { ActionButton, ErrorNote, Form, useLoad } from "../ui.js";

export function ApiKeys() {
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<{ message?: string } | null>(null);
  const keys = useLoad(() => client.apiKey.list(), []);
  const after = async (p: Promise<{ error: { message?: string } | null }>) => {
    setError((await p).error);
    void keys.reload();
  };
  return (
    <section>
      <h1>API keys</h1>
      <p className="muted">
        Send a key in the <code>x-api-key</code> header to call the API as yourself.
      </p>
      <ErrorNote error={error} />
      <Form
        className="card"
        onSubmit={async ({ name = "" }) => {
          const r = await client.apiKey.create({ name });
          setError(r.error);
          setCreated(r.data?.key ?? null);
          void keys.reload();
        }}
      >
        <label>
          Name <input name="name" required />
        </label>
        <button type="submit">Create key</button>
      </Form>
      {created && (
        <p className="card ok" role="status">
          Your new key (shown once): <code data-testid="new-key">{created}</code>
        </p>
      )}
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Starts with</th>
            <th>Status</th>
            <th>Created</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {keys.data?.apiKeys.map((k) => (
            <tr key={k.id} data-testid="key-row">
              <td>{k.name}</td>
              <td>
                <code>{k.start}…</code>
              </td>
              <td>{k.enabled ? "enabled" : "disabled"}</td>
              <td>{new Date(k.createdAt).toLocaleString()}</td>
              <td>
                <ActionButton onClick={() => after(client.apiKey.update({ keyId: k.id, enabled: !k.enabled }))}>
                  {k.enabled ? "Disable" : "Enable"}
                </ActionButton>{" "}
                <ActionButton
                  confirm={`Delete the key "${k.name}"? Anything using it stops working.`}
                  onClick={() => after(client.apiKey.delete({ keyId: k.id }))}
                >
                  Delete
                </ActionButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
