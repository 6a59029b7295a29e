import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isHeaderName, toHeaderValue, toSafeHeaders } from "./header-value.js";

/** What node:http refuses in a header value (its own check: ERR_INVALID_CHAR). */
const nodeRefuses = (value: string) => /[^\t\x20-\x7e\x80-\xff]/.test(value);

describe("toHeaderValue", () => {
  it("keeps printable ASCII, encodes the rest as UTF-8 percent escapes", () => {
    expect(toHeaderValue("/app?tab=1")).toBe("/app?tab=1");
    expect(toHeaderValue("/中")).toBe("/%E4%B8%AD");
    expect(toHeaderValue("a\r\nSet-Cookie: x=1")).toBe("a%0D%0ASet-Cookie: x=1");
    expect(toHeaderValue("é")).toBe("%C3%A9");
    expect(toHeaderValue("\ud800")).toBe("%EF%BF%BD");
    expect(toHeaderValue("  padded\t")).toBe("padded");
  });

  it("never throws and its output is accepted by both Fetch Headers and node's header check", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary-ascii" }), (a, b) => {
        for (const raw of [a, b]) {
          const value = toHeaderValue(raw);
          expect(nodeRefuses(value)).toBe(false);
          expect(() => new Headers({ x: value })).not.toThrow();
          expect(new Headers({ x: value }).get("x")).toBe(value);
          expect(value).not.toMatch(/[\r\n\0]/);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("toSafeHeaders", () => {
  it("drops names that are not tokens and lower-cases the rest", () => {
    const dropped: string[] = [];
    const out = toSafeHeaders({ Location: "/中", "bad name": "x", "x\r\ny": "z", ok: "1" }, (n) => dropped.push(n));
    expect(out).toEqual({ location: "/%E4%B8%AD", ok: "1" });
    expect(dropped).toEqual(["bad name", "x\r\ny"]);
  });

  it("never throws for arbitrary names and values, and Headers accepts every kept entry", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: "binary" }), fc.string({ unit: "binary" })), (record) => {
        const safe = toSafeHeaders(record);
        for (const name of Object.keys(safe)) expect(isHeaderName(name)).toBe(true);
        expect(() => new Headers(safe)).not.toThrow();
        return true;
      }),
      { numRuns: 2000 },
    );
  });
});
