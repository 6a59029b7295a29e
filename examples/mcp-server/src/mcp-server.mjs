// The MCP server itself: two tools. `whoami` answers who the token is for; `add_note` also needs the
// notes:write scope. A fresh McpServer per request (stateless Streamable HTTP), so nothing one caller
// sends can reach another caller's response.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { NOTES_WRITE } from "./auth.mjs";

/** Scopes a tool needs beyond a valid token for this server; the HTTP layer answers 403 without them. */
export const TOOL_SCOPES = { add_note: [NOTES_WRITE] };

/** A user's notes, in memory: enough for an example (use a table of your own in an app). */
const notesByUser = new Map();

/**
 * @param {{ $context: { users: { findById(id: string): Promise<{ id: string; email: string; name: string } | null> } } }} auth
 * @param {{ userId: string; clientId: string; scopes: string[] }} token the verified access token
 */
export function createMcpServer(auth, token) {
  const server = new McpServer({ name: "gatehouse-notes", version: "1.0.0" });
  /** @param {unknown} value */
  const text = (value) => ({ content: [{ type: /** @type {const} */ ("text"), text: JSON.stringify(value) }] });

  server.registerTool(
    "whoami",
    { description: "The signed-in user this token acts for", annotations: { readOnlyHint: true } },
    async () => {
      const user = await auth.$context.users.findById(token.userId);
      if (!user) return { ...text({ error: "user_not_found" }), isError: true };
      return text({
        userId: user.id,
        // OpenID Connect's scopes decide which profile claims the client may read.
        ...(token.scopes.includes("email") ? { email: user.email } : {}),
        ...(token.scopes.includes("profile") ? { name: user.name } : {}),
        clientId: token.clientId,
        scopes: token.scopes,
      });
    },
  );

  server.registerTool(
    "add_note",
    {
      description: `Saves a note for the user (needs the ${NOTES_WRITE} scope)`,
      inputSchema: { text: z.string().min(1).max(1000) },
    },
    async ({ text: note }) => {
      // The HTTP layer already refused a token without the scope; checked here too, where it is used.
      if (!token.scopes.includes(NOTES_WRITE)) return { ...text({ error: "insufficient_scope" }), isError: true };
      const notes = notesByUser.get(token.userId) ?? [];
      notes.push(note);
      notesByUser.set(token.userId, notes);
      return text({ saved: note, count: notes.length });
    },
  );
  return server;
}
