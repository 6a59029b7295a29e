import { describe, expect, it } from "vitest";
import { getClientIp, normalizeIp } from "./client-ip.js";

describe("normalizeIp", () => {
  it("keeps IPv4 and unwraps IPv4-mapped IPv6", () => {
    expect(normalizeIp("203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeIp("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeIp("::FFFF:cb00:7109")).toBe("203.0.113.9");
  });

  it("writes every spelling of an IPv6 /64 the same way", () => {
    const canonical = "2001:db8:0:1::/64";
    expect(normalizeIp("2001:db8:0:1::1")).toBe(canonical);
    expect(normalizeIp("2001:0DB8:0000:0001:ffff:0:0:2")).toBe(canonical);
    expect(normalizeIp("[2001:db8::1:0:0:0:3]")).toBe(canonical);
    expect(normalizeIp("2001:db8:0:1::9%eth0")).toBe(canonical);
    expect(normalizeIp("2001:db8:0:2::1")).not.toBe(canonical);
    expect(normalizeIp("::1")).toBe("0:0:0:0::/64");
  });

  it("rejects what is not an address", () => {
    for (const bad of ["", "localhost", "1.2.3", "256.1.1.1", "1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "<script>"]) {
      expect(normalizeIp(bad)).toBeNull();
    }
  });
});

describe("getClientIp", () => {
  const headers = new Headers({ "x-forwarded-for": "6.6.6.6, 198.51.100.7" });
  it("ignores forwarding headers unless trusted", () => {
    expect(getClientIp(headers, "10.0.0.1", [])).toBe("10.0.0.1");
  });
  it("takes the last entry of a trusted list header", () => {
    expect(getClientIp(headers, "10.0.0.1", ["x-forwarded-for"])).toBe("198.51.100.7");
  });
  it("falls back to the socket when the trusted header is garbage", () => {
    expect(getClientIp(new Headers({ "x-forwarded-for": "nonsense" }), "10.0.0.1", ["x-forwarded-for"])).toBe(
      "10.0.0.1",
    );
  });
});
