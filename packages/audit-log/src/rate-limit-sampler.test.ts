import { describe, expect, it } from "vitest";
import { createRateLimitSampler } from "./rate-limit-sampler.js";

describe("createRateLimitSampler", () => {
  it("admits a key once per window and reports how many it held back", () => {
    const s = createRateLimitSampler(1000, 10);
    expect(s.admit("a", 0)).toBe(0);
    expect([s.admit("a", 10), s.admit("a", 999)]).toEqual([null, null]);
    expect(s.admit("b", 500)).toBe(0);
    expect(s.admit("a", 1000)).toBe(2);
    expect(s.admit("a", 1500)).toBeNull();
  });

  it("never holds more than maxKeys; a full table admits nothing until a window closes", () => {
    const s = createRateLimitSampler(1000, 3);
    expect(["a", "b", "c", "d"].map((k) => s.admit(k, 0))).toEqual([0, 0, 0, null]);
    // Closed windows make room, oldest first; the open one keeps its place.
    expect(s.admit("c", 500)).toBeNull();
    expect(s.admit("x", 1000)).toBe(0);
    expect(s.admit("y", 1000)).toBe(0);
    expect(s.admit("z", 1000)).toBe(0);
    expect(s.admit("w", 1000)).toBeNull();
    // A key evicted to make room lost its count: reported as a fresh start.
    expect(s.admit("c", 2000)).toBe(0);
  });
});
