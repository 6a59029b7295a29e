/** What `oauthWellKnown` needs of the auth: its Fetch handler and base path. */
interface WellKnownAuth {
  handler(request: Request): Promise<Response>;
  options: { basePath: string };
}

/**
 * A Fetch handler for the origin-root well-known documents of an issuer with a path (RFC 8414 §3.1:
 * `/.well-known/oauth-authorization-server/api/auth`; also `/.well-known/openid-configuration/api/auth`,
 * which some clients try). Mount it at `/.well-known/*` of the app; it answers null for any other path
 * so the app's router can go on. The answer is the auth's own metadata endpoint's, a CORS preflight's
 * included (a browser app on a trusted origin reads the metadata cross-origin: auth.handler's `cors`).
 */
export function oauthWellKnown(auth: WellKnownAuth): (request: Request) => Promise<Response | null> {
  return async (request) => {
    const url = new URL(request.url);
    const base = auth.options.basePath;
    const documents: Record<string, string> = {
      [`/.well-known/oauth-authorization-server${base}`]: "/.well-known/oauth-authorization-server",
      [`/.well-known/openid-configuration${base}`]: "/.well-known/openid-configuration",
    };
    const inner = documents[url.pathname];
    if (!inner || !(readsDocument(request) || isPreflight(request))) return null;
    return auth.handler(
      new Request(`${url.origin}${base}${inner}`, { method: request.method, headers: request.headers }),
    );
  };
}

const readsDocument = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** An OPTIONS that announces a request (Fetch CORS preflight); a plain OPTIONS is the app's. */
const isPreflight = (request: Request) =>
  request.method === "OPTIONS" && request.headers.has("access-control-request-method");
