import { describe, expect, it } from "vitest";
import { clientKey } from "./client-key";

describe("clientKey", () => {
  it("keeps an IPv4 address", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  });
  it("keys IPv6 addresses by their /64, whatever their spelling", () => {
    const key = "2001:db8:abcd:12::/64";
    expect(clientKey("2001:db8:abcd:12::1")).toBe(key);
    expect(clientKey("2001:0db8:abcd:0012:ffff:eeee:dddd:cccc")).toBe(key);
    expect(clientKey("2001:DB8:ABCD:12:0:0:0:99")).toBe(key);
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("2001:db8:abcd:13::1")).not.toBe(key);
  });
  it("counts an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });
  it("leaves something that is not an address as it is (bounded)", () => {
    expect(clientKey("unknown")).toBe("unknown");
  });
});
