// docs/mcp.md shows this example's files whole: each code block that starts with a
// `// examples/mcp-server/<file>` line must be that file, character for character.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url);
const doc = readFileSync(new URL("docs/mcp.md", root), "utf8");
const blocks = [...doc.matchAll(/```js\n\/\/ (examples\/mcp-server\/\S+)\n([\s\S]*?)```/g)].map((m) => ({
  path: m[1] as string,
  code: m[2] as string,
}));

describe("docs/mcp.md", () => {
  it("shows every file of the example's server and client", () => {
    expect(blocks.map((b) => b.path).sort()).toEqual(
      ["client.mjs", "server.mjs", "src/app.mjs", "src/auth.mjs", "src/mcp-server.mjs", "src/pages.mjs"].map(
        (f) => `examples/mcp-server/${f}`,
      ),
    );
  });

  it.each(blocks)("$path is the file as it is", ({ path, code }) => {
    expect(code).toBe(readFileSync(new URL(path, root), "utf8"));
  });
});
