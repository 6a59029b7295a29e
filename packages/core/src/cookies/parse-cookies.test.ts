import { describe, expect, it } from "vitest";
import { readCookie } from "./parse-cookies.js";

describe("readCookie", () => {
  it("finds a cookie among others and not a cookie whose name merely ends with it", () => {
    const header = "x.session_token=evil; gatehouse.session_token=abc.def=; other=1";
    expect(readCookie(header, "gatehouse.session_token")).toBe("abc.def=");
    expect(readCookie(header, "session_token")).toBeUndefined();
    expect(readCookie(header, "other")).toBe("1");
    expect(readCookie("", "other")).toBeUndefined();
    expect(readCookie(null, "other")).toBeUndefined();
  });
});
