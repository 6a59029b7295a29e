import { describe, expect, it } from "vitest";
import { clientBucket } from "./client-bucket.js";

describe("clientBucket", () => {
  it("keys IPv4 as is, IPv6 by its /64 in one spelling, IPv4-mapped IPv6 as IPv4, unknown as -", () => {
    expect(clientBucket("203.0.113.7")).toBe("203.0.113.7");
    for (const ip of ["2001:db8::1", "2001:0DB8:0:0:ffff::2", "[2001:db8::9]:443", "2001:db8:0:0:1:2:3:4"])
      expect(clientBucket(ip), ip).toBe("2001:db8:0:0::/64");
    expect(clientBucket("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientBucket("::ffff:192.0.2.128")).toBe("192.0.2.128");
    expect(clientBucket(null)).toBe("-");
    expect(clientBucket("not:an:address!")).toBe("not:an:address!");
  });
});
