import { describe, expect, it } from "vitest";
import { addressBucket } from "../../server/http/rate-limit";

describe("addressBucket: whom a per-address limit counts", () => {
  it("counts an IPv4 address as itself, also when written as IPv6", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const bucket = "2001:db8:1:2::/64";
    for (const address of ["2001:db8:1:2::1", "2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:DB8:1:2:a::9"]) {
      expect(addressBucket(address), address).toBe(bucket);
    }
    expect(addressBucket("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressBucket("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });
});
