// One node:http listener for the whole app: Gatehouse's routes under /api/auth, the origin-root
// metadata documents, the sign-in and consent pages, and the MCP server at /mcp behind requireBearer.
import { toNodeHandler } from "@gatehouse-auth/core/node";
import {
  oauthWellKnown,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
  requireBearer,
} from "@gatehouse-auth/oauth-provider";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { MCP_SCOPES, createGatehouse } from "./auth.mjs";
import { TOOL_SCOPES, createMcpServer } from "./mcp-server.mjs";
import { PAGES_SCRIPT, consentPage, signInPage } from "./pages.mjs";

/** Largest JSON-RPC body /mcp reads. */
const MAX_BODY = 1024 * 1024;

/**
 * @param {object} o
 * @param {string} o.baseURL the public origin, e.g. `https://notes.example.com` (the MCP server is `${baseURL}/mcp`)
 * @param {unknown} o.database a better-sqlite3 `Database` (or a pg / mysql2 pool)
 * @param {string} [o.secret] at least 32 characters (or set GATEHOUSE_SECRET)
 * @param {string[]} [o.resources] other resources the provider issues tokens for
 * @param {() => number} [o.now] the clock in ms (Date.now); tests move it to expire tokens
 */
export function createMcpApp({ baseURL, database, secret, resources, now }) {
  const auth = createGatehouse({ baseURL, database, secret, resources, now });
  const issuer = `${baseURL}/api/auth`;
  const resource = `${baseURL}/mcp`;
  const metadataUrl = protectedResourceMetadataUrl(resource);
  const guard = requireBearer(auth, { resource, issuer });
  const wellKnown = oauthWellKnown(auth);
  const authHandler = toNodeHandler(auth);
  const host = new URL(baseURL).host;

  const send = (res, status, headers, body) => {
    res.writeHead(status, headers);
    res.end(body);
  };
  const json = (res, status, value, headers = {}) =>
    send(
      res,
      status,
      { "content-type": "application/json", "cache-control": "no-store", ...headers },
      JSON.stringify(value),
    );

  async function serveMcp(req, res) {
    // DNS rebinding: a page on another name that resolves here must not reach the MCP server.
    if (req.headers.host !== host) return json(res, 421, { error: "misdirected_request" });
    // The token: live, for exactly this resource (RFC 8707 audience), its session and user still there.
    const checked = await guard(
      new Request(`${baseURL}${req.url}`, {
        method: req.method,
        headers: {
          authorization: req.headers.authorization ?? "",
          ...(typeof req.headers.dpop === "string" ? { dpop: req.headers.dpop } : {}),
        },
      }),
    );
    if ("response" in checked) {
      const r = checked.response;
      return send(res, r.status, Object.fromEntries(r.headers), await r.text());
    }
    const token = checked.token;
    if (token.userId === null) return json(res, 403, { error: "insufficient_scope" }); // a client acting for itself

    // Stateless: no session to resume or delete, nothing to stream to the client on its own (GET).
    if (req.method !== "POST") {
      const error = { code: -32000, message: "Method not allowed" };
      return json(res, 405, { jsonrpc: "2.0", id: null, error }, { allow: "POST" });
    }
    const read = await readJson(req);
    if (read.error) return json(res, read.status, { jsonrpc: "2.0", id: null, error: read.error });
    const body = read.value;
    // Scopes per tool (MCP authorization, "scope challenge"): 403 insufficient_scope naming what is missing.
    const missing = missingScopes(body, token.scopes);
    if (missing.length > 0) {
      const challenge = `Bearer error="insufficient_scope", scope="${missing.join(" ")}", resource_metadata="${metadataUrl}"`;
      return json(res, 403, { error: "insufficient_scope" }, { "www-authenticate": challenge });
    }
    // Stateless Streamable HTTP: a server and transport per request, closed with the response.
    const server = createMcpServer(auth, { ...token, userId: token.userId });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    req.auth = {
      token: "",
      clientId: token.clientId,
      scopes: token.scopes,
      expiresAt: Math.floor(token.expiresAt.getTime() / 1000),
      resource: new URL(resource),
      extra: { userId: token.userId },
    };
    await transport.handleRequest(req, res, body);
  }

  async function serveApp(req, res) {
    const url = new URL(req.url ?? "/", baseURL);
    if (url.pathname === new URL(metadataUrl).pathname && req.method === "GET")
      return json(res, 200, protectedResourceMetadata({ resource, issuer, scopes: MCP_SCOPES }));
    if (url.pathname.startsWith("/.well-known/")) {
      const answer = await wellKnown(new Request(url, { method: req.method }));
      if (answer) return send(res, answer.status, Object.fromEntries(answer.headers), await answer.text());
    }
    if (url.pathname === "/mcp") return serveMcp(req, res);
    if (req.method === "GET" && url.pathname === "/sign-in") {
      const p = signInPage(url.searchParams, baseURL);
      return send(res, p.status, p.headers, p.body);
    }
    if (req.method === "GET" && url.pathname === "/consent") {
      const p = consentPage(url.searchParams);
      return send(res, p.status, p.headers, p.body);
    }
    if (req.method === "GET" && url.pathname === "/assets/pages.js")
      return send(res, 200, { "content-type": "text/javascript; charset=utf-8" }, PAGES_SCRIPT);
    json(res, 404, { error: "not_found" });
  }

  /** The node:http listener. */
  const listener = (req, res) => {
    authHandler(req, res, () =>
      serveApp(req, res).catch((error) => {
        console.error(error);
        if (!res.headersSent) json(res, 500, { error: "server_error" });
        else res.destroy();
      }),
    );
  };
  return { auth, listener, resource, issuer };
}

/** The tool calls in a JSON-RPC message (or batch) whose scopes the token lacks. */
function missingScopes(body, scopes) {
  const missing = new Set();
  for (const message of Array.isArray(body) ? body : [body]) {
    if (message?.method !== "tools/call") continue;
    const name = message.params?.name;
    const needed = typeof name === "string" && Object.hasOwn(TOOL_SCOPES, name) ? TOOL_SCOPES[name] : [];
    for (const scope of needed) if (!scopes.includes(scope)) missing.add(scope);
  }
  return [...missing];
}

/** The request's JSON body, at most MAX_BODY bytes; a JSON-RPC error otherwise. */
async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) {
      req.resume(); // read no further; the answer closes the connection
      return { status: 413, error: { code: -32600, message: "Request body too large" } };
    }
    chunks.push(chunk);
  }
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return { status: 400, error: { code: -32700, message: "Parse error" } };
  }
}
