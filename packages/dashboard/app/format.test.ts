import { afterEach, describe, expect, it, vi } from "vitest";
import { describeEventType, rolesOf, safeAppUrl, shortUserAgent } from "./format.js";

afterEach(() => vi.unstubAllGlobals());

describe("format", () => {
  it("keeps only http(s) app URLs", () => {
    vi.stubGlobal("location", { href: "https://app.example.com/api/auth/dashboard#/users" });
    expect(safeAppUrl("/")).toBe("https://app.example.com/");
    expect(safeAppUrl("https://app.example.com/home")).toBe("https://app.example.com/home");
    expect(safeAppUrl("javascript:alert(1)")).toBe("/");
    expect(safeAppUrl(" JavaScript:alert(1)")).toBe("/");
    expect(safeAppUrl("data:text/html,<script>")).toBe("/");
  });

  it("reads event types as words", () => {
    expect(describeEventType("user.sign_in_failed")).toBe("User sign in failed");
    expect(describeEventType("api_key.deleted")).toBe("API key deleted");
    expect(describeEventType("two_factor.enabled")).toBe("Two-factor enabled");
  });

  it("splits stored roles", () => {
    expect(rolesOf("admin, user,,admin")).toEqual(["admin", "user", "admin"]);
    expect(rolesOf(null)).toEqual([]);
  });

  it("names the browser and system of a user agent", () => {
    const chrome =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
    expect(shortUserAgent(chrome)).toBe("Chrome on Linux");
    expect(shortUserAgent(null)).toBe("—");
  });
});
