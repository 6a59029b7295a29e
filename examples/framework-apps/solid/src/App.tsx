// One page: sign up or in while signed out; the greeting, sign-out and organizations while signed in.
import { For, Match, Show, Switch, createSignal } from "solid-js";
import type { JSX } from "solid-js";
import { client } from "./auth-client.js";

/** The whole app: every value below is a signal, read by calling it. */
export function App(): JSX.Element {
  const session = client.useSession();
  const activeOrganization = client.useActiveOrganization();
  const organizations = client.useListOrganizations();
  const [name, setName] = createSignal("");
  const [email, setEmail] = createSignal("");
  const [password, setPassword] = createSignal("");
  const [orgName, setOrgName] = createSignal("");
  const [message, setMessage] = createSignal("");

  const signUp = async () => {
    const { error } = await client.signUp.email({ name: name(), email: email(), password: password() });
    setMessage(error?.message ?? "");
  };
  const signIn = async () => {
    const { error } = await client.signIn.email({ email: email(), password: password() });
    setMessage(error?.message ?? "");
  };
  const createOrganization = async (event: SubmitEvent) => {
    event.preventDefault();
    const slug = orgName()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-");
    const { error } = await client.organization.create({ name: orgName(), slug });
    setMessage(error?.message ?? "");
    setOrgName("");
  };

  return (
    <main>
      <h1>Gatehouse + Solid</h1>
      <Switch>
        <Match when={session().isPending}>
          <p data-testid="pending">Loading…</p>
        </Match>
        <Match when={session().data}>
          {(data) => (
            <section>
              <p data-testid="greeting">Hello, {data().user.name}</p>
              <button type="button" onClick={() => client.signOut()}>
                Sign out
              </button>
              <h2>Organizations</h2>
              <p data-testid="active-org">Active: {activeOrganization().data?.name ?? "none"}</p>
              <ul>
                <For each={organizations().data ?? []}>{(org) => <li data-testid="org-row">{org.name}</li>}</For>
              </ul>
              <form onSubmit={createOrganization}>
                <label>
                  Organization name{" "}
                  <input value={orgName()} onInput={(e) => setOrgName(e.currentTarget.value)} required />
                </label>
                <button type="submit">Create organization</button>
              </form>
            </section>
          )}
        </Match>
        <Match when={!session().data}>
          <section>
            <p data-testid="signed-out">Signed out</p>
            <form onSubmit={(event) => event.preventDefault()}>
              <label>
                Name <input autocomplete="name" onInput={(e) => setName(e.currentTarget.value)} />
              </label>
              <label>
                Email <input type="email" autocomplete="email" onInput={(e) => setEmail(e.currentTarget.value)} />
              </label>
              <label>
                Password{" "}
                <input
                  type="password"
                  autocomplete="current-password"
                  onInput={(e) => setPassword(e.currentTarget.value)}
                />
              </label>
              <button type="button" onClick={signUp}>
                Sign up
              </button>
              <button type="button" onClick={signIn}>
                Sign in
              </button>
            </form>
          </section>
        </Match>
      </Switch>
      <Show when={message()}>
        <p role="alert">{message()}</p>
      </Show>
    </main>
  );
}
