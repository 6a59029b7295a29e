// A command-line MCP client on the MCP SDK: node client.mjs http://localhost:3000/mcp
// It registers itself, prints the address to open, takes the browser's redirect on a loopback port
// (RFC 8252), and calls whoami.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** A loopback listener for the authorization response: the first request to /callback is the answer. */
async function listenForRedirect(port) {
  /** @type {(query: URLSearchParams) => void} */
  let answer = () => {};
  /** @type {Promise<URLSearchParams>} */
  const redirected = new Promise((resolve) => {
    answer = resolve;
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/plain" }).end("Done: you can close this tab.");
    answer(url.searchParams);
  });
  await new Promise((ok) => server.listen(port, "127.0.0.1", () => ok(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    redirectUrl: `http://127.0.0.1:${address.port}/callback`,
    redirected,
    close: () => server.close(),
  };
}

/**
 * Connects to an MCP server, authorizing first when it answers 401.
 * @param {URL} url the MCP server, e.g. https://app.example.com/mcp
 * @param {{ openBrowser(url: URL): void | Promise<void>; port?: number }} o `port` 0 picks a free one
 */
export async function connectMcp(url, { openBrowser, port = 0 }) {
  const loopback = await listenForRedirect(port);
  // What the SDK asks the client to keep (a real client keeps them on disk, per server).
  /** @type {any} */ let clientInformation;
  /** @type {any} */ let tokens;
  /** @type {any} */ let discovery;
  let verifier = "";
  let state = "";
  /** @type {import("@modelcontextprotocol/sdk/client/auth.js").OAuthClientProvider} */
  const provider = {
    redirectUrl: loopback.redirectUrl,
    clientMetadata: {
      client_name: "Gatehouse example MCP client",
      redirect_uris: [loopback.redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    state: () => {
      state = randomUUID();
      return state;
    },
    clientInformation: () => clientInformation,
    saveClientInformation: (info) => {
      clientInformation = info;
    },
    tokens: () => tokens,
    saveTokens: (t) => {
      tokens = t;
    },
    saveCodeVerifier: (v) => {
      verifier = v;
    },
    codeVerifier: () => verifier,
    saveDiscoveryState: (d) => {
      discovery = d;
    },
    discoveryState: () => discovery,
    redirectToAuthorization: (authorizationUrl) => openBrowser(authorizationUrl),
  };
  const newClient = () => new Client({ name: "gatehouse-example-client", version: "1.0.0" });
  try {
    try {
      const client = newClient();
      await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
      return { client, provider };
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
    }
    // The user signs in and consents in the browser, which comes back to the loopback listener.
    const answer = await loopback.redirected;
    if (answer.get("state") !== state) throw new Error("The authorization response is not for this request");
    // RFC 9207: the answer names the authorization server it came from; it must be the one we discovered.
    if (answer.get("iss") !== discovery?.authorizationServerMetadata?.issuer)
      throw new Error("The authorization response comes from another issuer");
    const code = answer.get("code");
    if (!code) throw new Error(`Authorization refused: ${answer.get("error")}`);
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await transport.finishAuth(code); // the token request, with the PKCE verifier and the resource
    const client = newClient();
    await client.connect(transport);
    return { client, provider };
  } finally {
    loopback.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const url = new URL(process.argv[2] ?? "http://localhost:3000/mcp");
  const { client } = await connectMcp(url, { openBrowser: (u) => console.log(`Open ${u.href}`) });
  console.log(await client.callTool({ name: "whoami", arguments: {} }));
  await client.close();
}
