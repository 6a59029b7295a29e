import { describe, expect, it } from "vitest";
import { href, parseHash } from "./route.js";

describe("hash routes", () => {
  it("parses segments and the hash's query", () => {
    const route = parseHash("#/users/abc?q=pat&offset=25");
    expect(route.segments).toEqual(["users", "abc"]);
    expect(route.params.get("q")).toBe("pat");
    expect(route.params.get("offset")).toBe("25");
  });

  it("reads an empty or bare hash as no segments", () => {
    expect(parseHash("").segments).toEqual([]);
    expect(parseHash("#").segments).toEqual([]);
    expect(parseHash("#/").segments).toEqual([]);
  });

  it("round-trips ids with reserved characters and leaves empty filters out", () => {
    const target = href("users", "a/b?c#d", { q: "x y", filter: "", offset: undefined });
    expect(target).toBe("#/users/a%2Fb%3Fc%23d?q=x+y");
    expect(parseHash(target).segments).toEqual(["users", "a/b?c#d"]);
  });

  it("keeps a malformed escape as typed instead of throwing", () => {
    expect(parseHash("#/users/%E0%A4%A").segments).toEqual(["users", "%E0%A4%A"]);
  });
});
