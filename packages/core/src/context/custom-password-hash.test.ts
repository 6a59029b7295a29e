import { describe, expect, it } from "vitest";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";

/** A stand-in hasher that records its calls (a real app would pass bcrypt's or argon2's). */
function recordingHasher() {
  const calls: string[] = [];
  return {
    calls,
    password: {
      hash: async (password: string) => {
        calls.push("hash");
        return `own$${[...password].reverse().join("")}`;
      },
      verify: async ({ hash, password }: { hash: string; password: string }) => {
        calls.push("verify");
        return hash === `own$${[...password].reverse().join("")}`;
      },
    },
  };
}

describe("emailAndPassword.password: the app's own hashing", () => {
  it("stores its hash, signs in through its verify, refuses a wrong password", async () => {
    const { password, calls } = recordingHasher();
    const auth = makeTestAuth({ emailAndPassword: { enabled: true, password } });
    const client = createTestClient(auth);
    const up = await client.post("/sign-up/email", { name: "A", email: "own@example.com", password: "correct-horse" });
    expect(up.status).toBe(200);
    const account = await auth.$context.adapter.findOne<{ password: string }>({
      model: "account",
      where: [{ field: "userId", value: up.body.user.id }],
    });
    expect(account?.password).toBe("own$esroh-tcerroc");

    const ok = await createTestClient(auth).post("/sign-in/email", {
      email: "own@example.com",
      password: "correct-horse",
    });
    expect(ok.status).toBe(200);
    const wrong = await createTestClient(auth).post("/sign-in/email", {
      email: "own@example.com",
      password: "wrong-horse!",
    });
    expect(wrong.status).toBe(401);
    expect(calls).toEqual(["hash", "verify", "verify"]);
  });

  it("an unknown address costs one of the app's hashes, like a known one", async () => {
    const { password, calls } = recordingHasher();
    const auth = makeTestAuth({ emailAndPassword: { enabled: true, password } });
    const r = await createTestClient(auth).post("/sign-in/email", {
      email: "nobody@example.com",
      password: "whatever-123",
    });
    expect(r.status).toBe(401);
    expect(calls).toEqual(["hash"]);
  });

  it("a misspelt key is refused at start-up", () => {
    expect(() =>
      makeTestAuth({
        emailAndPassword: { enabled: true, password: { hash: async () => "", verfy: async () => true } as never },
      }),
    ).toThrow(/emailAndPassword\.password\.verfy \(did you mean emailAndPassword\.password\.verify\?\)/);
  });
});
