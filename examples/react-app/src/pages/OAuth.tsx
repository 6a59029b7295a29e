// The app as an OAuth provider, from the user's side: the consent page the provider sends a partner's
// authorization to, the device approval page a TV or CLI sends its user to, the link that connects the
// demo partner (on the account page, beside the components' authorized-apps card), and its callback page.
import { useEffect, useRef, useState } from "react";
import { client } from "../auth-client.js";
import { useSearchParams } from "../router.js";
import { ActionButton, type ApiError, ErrorNote, Form, Link, useLoad } from "../ui.js";

/** What each scope lets an app do, in words; an unknown scope is shown by its name. */
const SCOPE_WORDS: Record<string, string> = {
  openid: "Know who you are on Gatehouse (your account id)",
  profile: "See your name and profile picture",
  email: "See your email address and whether it is verified",
  offline_access: "Keep this access when you are not using the app (until you revoke it)",
};

export function ScopeList({ scopes, granted = [] }: { scopes: string[]; granted?: string[] }) {
  return (
    <ul className="scopes" data-testid="scopes">
      {scopes.map((s) => (
        <li key={s}>
          {SCOPE_WORDS[s] ?? (
            <>
              Use <code>{s}</code>
            </>
          )}
          {granted.includes(s) && <span className="muted"> (already allowed)</span>}
        </li>
      ))}
    </ul>
  );
}

/** Asks a signed-out visitor to sign in, then brings them back to this exact page (query included). */
function SignInFirst({ what }: { what: string }) {
  const next = `?next=${encodeURIComponent(location.pathname + location.search)}`;
  return (
    <section className="narrow" data-testid="sign-in-prompt">
      <h1>{what}</h1>
      <p>
        <Link to={`/sign-in${next}`}>Sign in</Link> or <Link to={`/sign-up${next}`}>create an account</Link> first.
      </p>
    </section>
  );
}

/** Moves focus to a heading when it appears, so screen readers announce the new step. */
function useFocus<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus again whenever the step changes.
  useEffect(() => ref.current?.focus(), [key]);
  return ref;
}

interface ConsentDetails {
  clientId: string;
  clientName: string | null;
  clientUri: string | null;
  policyUri: string | null;
  tosUri: string | null;
  redirectHost: string;
  scopes: string[];
  grantedScopes: string[];
}

/**
 * /consent?…&sig=…: the provider's signed authorization request. The page shows what the server says the
 * request is (consent-details, read from the signed query) and posts the answer with the query verbatim.
 */
export function Consent({ signedIn }: { signedIn: boolean }) {
  const oauthQuery = location.search.slice(1);
  const details = useLoad<ConsentDetails>(
    () =>
      signedIn && oauthQuery
        ? client.oauth2.consentDetails({ oauth_query: oauthQuery })
        : Promise.resolve({ data: null, error: null }),
    [signedIn, oauthQuery],
  );
  const [error, setError] = useState<ApiError>(null);
  const heading = useFocus<HTMLHeadingElement>(details.data?.clientId);
  if (!signedIn) return <SignInFirst what="Sign in to continue" />;
  if (!oauthQuery)
    return <ErrorNote error={{ message: "This page is reached from an app asking for access: nothing to do." }} />;
  if (details.loading) return <p className="muted">Loading…</p>;
  if (!details.data)
    return (
      <section className="narrow">
        <h1>Access request</h1>
        <ErrorNote error={{ message: `${details.error?.message ?? "Request not found"}. Start again from the app.` }} />
      </section>
    );
  const d = details.data;
  const name = d.clientName ?? d.clientId;
  return (
    <section className="narrow" data-testid="consent">
      <h1 ref={heading} tabIndex={-1}>
        {name} wants to access your account
      </h1>
      <Form
        className="card"
        onSubmit={async ({ decision }) => {
          const r = await client.oauth2.consent({ accept: decision === "allow", oauth_query: oauthQuery });
          setError(r.error);
          const url = (r.data as { url?: string } | null)?.url;
          if (url) location.assign(url);
        }}
      >
        <p>If you allow it, {name} will be able to:</p>
        <ScopeList scopes={d.scopes} granted={d.grantedScopes} />
        <p className="muted">
          You will be sent back to <strong>{d.redirectHost}</strong>. You can revoke this access any time under Account
          → Authorized apps.
          {d.policyUri && (
            <>
              {" "}
              <a href={d.policyUri} rel="noreferrer noopener" target="_blank">
                Privacy policy
              </a>
            </>
          )}
          {d.tosUri && (
            <>
              {" "}
              <a href={d.tosUri} rel="noreferrer noopener" target="_blank">
                Terms
              </a>
            </>
          )}
        </p>
        <div className="actions">
          <button type="submit" name="decision" value="allow">
            Allow
          </button>
          <button type="submit" name="decision" value="deny" className="secondary">
            Deny
          </button>
        </div>
        <ErrorNote error={error} />
      </Form>
    </section>
  );
}

interface DeviceRequest {
  userCode: string;
  clientId: string;
  clientName: string | null;
  scopes: string[];
}

/**
 * /device (?user_code=…): a TV or CLI shows the user a code and this address. The user types (or
 * confirms) the code, sees which app asks for what, and approves or denies.
 */
export function DeviceApproval({ signedIn }: { signedIn: boolean }) {
  const prefilled = useSearchParams().get("user_code") ?? "";
  const [request, setRequest] = useState<DeviceRequest | null>(null);
  const [done, setDone] = useState<"approved" | "denied" | null>(null);
  const [error, setError] = useState<ApiError>(null);
  const heading = useFocus<HTMLHeadingElement>(done ?? request?.userCode ?? null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.querySelector("input")?.focus();
  }, [error]);
  if (!signedIn) return <SignInFirst what="Sign in to connect a device" />;
  if (done)
    return (
      <section className="narrow" data-testid="device-done">
        <h1 ref={heading} tabIndex={-1}>
          {done === "approved" ? "Device connected" : "Device not connected"}
        </h1>
        <p className={done === "approved" ? "ok" : "muted"} role="status">
          {done === "approved"
            ? `${request?.clientName ?? request?.clientId} is signed in to your account. You can go back to your device.`
            : "You denied the request: the device was not signed in."}
        </p>
      </section>
    );
  if (request) {
    const name = request.clientName ?? request.clientId;
    const decide = async (decision: "approve" | "deny") => {
      const r =
        decision === "approve"
          ? await client.device.approve({ userCode: request.userCode })
          : await client.device.deny({ userCode: request.userCode });
      setError(r.error);
      if (!r.error) setDone(decision === "approve" ? "approved" : "denied");
    };
    return (
      <section className="narrow" data-testid="device-request">
        <h1 ref={heading} tabIndex={-1}>
          Connect {name}?
        </h1>
        <div className="card">
          <p>
            Code <code>{request.userCode}</code>. Only continue if this is the code your device shows. {name} will be
            able to:
          </p>
          <ScopeList scopes={request.scopes} />
          <div className="actions">
            <ActionButton onClick={() => decide("approve")}>Approve</ActionButton>
            <ActionButton className="secondary" onClick={() => decide("deny")}>
              Deny
            </ActionButton>
          </div>
          <ErrorNote error={error} />
        </div>
      </section>
    );
  }
  return (
    <section className="narrow" ref={errorRef}>
      <h1>Connect a device</h1>
      <Form
        className="card"
        onSubmit={async ({ user_code = "" }) => {
          const r = await client.device.get({ user_code: user_code.trim() });
          setError(r.error);
          if (r.data) setRequest(r.data as DeviceRequest);
        }}
      >
        <label>
          Code shown on your device{" "}
          <input
            name="user_code"
            defaultValue={prefilled}
            required
            maxLength={32}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "device-code-error" : undefined}
            // biome-ignore lint/a11y/noAutofocus: the code field is the page's only purpose.
            autoFocus
          />
        </label>
        <button type="submit">Continue</button>
        <div id="device-code-error">
          <ErrorNote error={error} />
        </div>
      </Form>
    </section>
  );
}

/**
 * Account → beside `<AccountSettings>`' authorized-apps card (which lists and revokes): the demo's own
 * link that starts the Partner app's authorization, so there is an app to see there.
 */
export function TryPartnerApp() {
  return (
    <section className="card" data-testid="try-partner">
      <h2>Connect an app</h2>
      <p className="muted">
        Apps you let sign you in with your Gatehouse account show under Authorized apps, where you can revoke them.{" "}
        <a href={partnerSignInUrl()}>Try it: connect the demo Partner app</a>.
      </p>
    </section>
  );
}

/** The demo partner's "Sign in with Gatehouse" link (a confidential client: its secret stays on its server). */
function partnerSignInUrl(): string {
  const params = new URLSearchParams({
    response_type: "code",
    client_id: "partner-app",
    redirect_uri: `${location.origin}/partner/callback`,
    scope: "openid profile email offline_access",
    state: "demo",
  });
  return `/api/auth/oauth2/authorize?${params}`;
}

/**
 * /partner/callback: stands in for the partner's own server, which would redeem the code with its
 * secret. Shows what the partner received.
 */
export function PartnerCallback() {
  const params = useSearchParams();
  const code = params.get("code");
  const error = params.get("error");
  return (
    <section className="narrow">
      <h1>Partner app (demo)</h1>
      {code && (
        <p className="ok" role="status">
          The Partner app received an authorization code; its server would now exchange it for tokens.
        </p>
      )}
      {error && (
        <p className="error" role="alert" data-testid="partner-error">
          The Partner app was refused: <code>{error}</code>
        </p>
      )}
      {!code && !error && <p className="muted">Nothing was received.</p>}
      <p>
        <Link to="/account">Back to your account</Link>
      </p>
    </section>
  );
}
