import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { username } from "./index.js";
import type { UsernameOptions } from "./index.js";

describe("username() option names", () => {
  it("a misspelt option is refused at start-up with the right name", () => {
    const start = (options: Record<string, unknown>) => () =>
      createAuth({
        database: memoryAdapter(),
        secret: "test-secret-0123456789abcdef0123456789",
        logger: { error: () => {}, warn: () => {} },
        plugins: [username(options as UsernameOptions)],
      });
    expect(start({ minUsernameLength: 4 })).not.toThrow();
    expect(start({ minUsernameLenght: 4 })).toThrow(
      "username().minUsernameLenght (did you mean username().minUsernameLength?)",
    );
  });
});
