import { describe, expect, it } from "vitest";
import { createTokenCache } from "./token-cache.js";

const token = (name: string) => ({ token: name, expiresAt: 1 });

describe("token cache", () => {
  it("evicts the least recently used entry, a hit counting as a use", () => {
    const cache = createTokenCache(2);
    cache.set("a", token("A"));
    cache.set("b", token("B"));
    expect(cache.get("a")?.token).toBe("A"); // a is now the most recent
    cache.set("c", token("C")); // so b goes
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.token).toBe("A");
    expect(cache.get("c")?.token).toBe("C");
    expect(cache.size).toBe(2);
  });

  it("keeps the order when the most recent entry is hit again and again", () => {
    const cache = createTokenCache(2);
    cache.set("a", token("A"));
    cache.set("b", token("B"));
    for (let i = 0; i < 5; i++) expect(cache.get("b")?.token).toBe("B");
    cache.set("c", token("C")); // a is the least recent: b was used last
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")?.token).toBe("B");
  });

  it("finds an entry by an equal key built separately, and replaces a key's value", () => {
    const cache = createTokenCache(3);
    cache.set(JSON.stringify(["s", 1]), token("old"));
    cache.set(JSON.stringify(["s", 1]), token("new"));
    expect(cache.get(JSON.stringify(["s", 1]))?.token).toBe("new");
    expect(cache.size).toBe(1);
  });

  it("stores nothing with size 0", () => {
    const cache = createTokenCache(0);
    cache.set("a", token("A"));
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("a replaced entry counts as the most recent, and a hit moves another after it", () => {
    const cache = createTokenCache(2);
    cache.set("a", token("A"));
    cache.set("b", token("B"));
    cache.set("a", token("A2")); // a replaced: now the most recent
    expect(cache.get("b")?.token).toBe("B"); // b moved back to the end
    cache.set("c", token("C")); // a goes
    expect(cache.get("a")).toBeUndefined();
    expect(cache.get("b")?.token).toBe("B");
  });
});
