import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCookie, safeDecode } from "./parse-cookies.js";
import { serializeCookie } from "./serialize-cookie.js";

const TOKEN_CHARS = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".split("");
const cookieName = fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 1, maxLength: 24 });
// What a browser sends back of a Set-Cookie line: the name=value pair before the first `;`.
const pairOf = (line: string) => line.slice(0, line.indexOf(";"));

describe("readCookie", () => {
  it("finds a cookie among others and not a cookie whose name merely ends with it", () => {
    const header = "x.session_token=evil; gatehouse.session_token=abc.def=; other=1";
    expect(readCookie(header, "gatehouse.session_token")).toBe("abc.def=");
    expect(readCookie(header, "session_token")).toBeUndefined();
    expect(readCookie(header, "other")).toBe("1");
    expect(readCookie("", "other")).toBeUndefined();
    expect(readCookie(null, "other")).toBeUndefined();
  });

  it("does not read a name hidden inside another cookie's value", () => {
    const header = "other=x gatehouse.session_token=evil; gatehouse.session_token=real";
    expect(readCookie(header, "gatehouse.session_token")).toBe("real");
    expect(readCookie("a=b\tname=evil", "name")).toBeUndefined();
    expect(readCookie("a=name=evil", "name")).toBeUndefined();
    expect(readCookie("  name = v ;x=1", "name")).toBe("v");
    expect(readCookie("name", "name")).toBeUndefined();
    expect(readCookie("name=", "name")).toBe("");
    expect(readCookie("name=first; name=second", "name")).toBe("first");
  });

  it("never throws on any header or name", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary", maxLength: 10 }), (header, name) => {
        const value = readCookie(header, name);
        return value === undefined || typeof value === "string";
      }),
      { numRuns: 2000 },
    );
  });

  it("round-trips serialized cookies, whatever their values", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(cookieName, fc.string({ unit: "binary" })), { selector: ([n]) => n, maxLength: 6 }),
        (cookies) => {
          const header = cookies.map(([n, v]) => pairOf(serializeCookie(n, v))).join("; ");
          for (const [name, value] of cookies) {
            const read = readCookie(header, name);
            expect(read).toBeDefined();
            expect(safeDecode(read ?? "")).toBe(new TextDecoder().decode(new TextEncoder().encode(value)));
          }
          return true;
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("keeps cookie-safe values byte for byte (base64, signatures)", () => {
    const safe = fc.string({ unit: fc.constantFrom(..."ABCxyz019+/=._-!#$&'()*-:<>?@[]^`{|}~".split("")) });
    fc.assert(
      fc.property(cookieName, safe, (name, value) => readCookie(pairOf(serializeCookie(name, value)), name) === value),
    );
  });

  it("never lets one cookie's value smuggle another cookie, even as a browser would send it raw", () => {
    fc.assert(
      fc.property(
        cookieName,
        fc.string({ unit: "binary" }).map((v) => v.replace(/;/g, "")),
        fc.string({ unit: "binary" }).filter((v) => !v.includes(";")),
        (target, evil, real) => {
          fc.pre(target !== "other");
          // The attacker controls a whole other cookie's value, spaces and `target=` included.
          const smuggled = `other=x ${target}=${evil}`;
          const header = `${smuggled}; ${target}=${real}`;
          expect(readCookie(header, target)).toBe(real.replace(/^[ \t]+|[ \t]+$/g, ""));
          // Serialized by us, the value cannot even end its own cookie.
          const ours = pairOf(serializeCookie("other", `x; ${target}=${evil}`));
          expect(readCookie(ours, target)).toBeUndefined();
          return true;
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("serializeCookie", () => {
  it("encodes what would end the cookie or the header, and refuses a name that is not a token", () => {
    const line = serializeCookie("n", "a; Domain=evil.example\r\nSet-Cookie: x=1", { path: "/;x", domain: "a;b" });
    expect(line).toBe(
      "n=a%3B%20Domain=evil.example%0D%0ASet-Cookie:%20x=1; Path=/%3Bx; Domain=a%3Bb; HttpOnly; SameSite=Lax",
    );
    expect(() => serializeCookie("bad name", "v")).toThrow(/not an RFC 9110 token/);
    expect(serializeCookie("n", "v", { maxAge: Number.NaN })).toContain("Max-Age=0");
  });

  it("safeDecode: values without an escape come back as they are; malformed escapes give null", () => {
    const token = "GR2b5x_gMudHR0YDwRRL-J3cWMwLSNP_.W8HYbGMseNkKko9z0onAHSL+/=";
    expect(safeDecode(token)).toBe(token);
    expect(safeDecode("a%2Bb")).toBe("a+b");
    expect(safeDecode("%E2%9C%93")).toBe("\u2713");
    expect(safeDecode("bad%")).toBeNull();
    expect(safeDecode("%zz")).toBeNull();
    expect(safeDecode("%C3")).toBeNull();
  });
});
