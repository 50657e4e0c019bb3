import { describe, expect, it } from "vitest";
import { addressSubject } from "./client-ip.server";

describe("addressSubject", () => {
  it("keeps an IPv4 address, also one written IPv4-mapped", () => {
    expect(addressSubject("192.0.2.1")).toBe("192.0.2.1");
    expect(addressSubject("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(addressSubject("::FFFF:c000:0201")).toBe("192.0.2.1");
  });

  it("counts an IPv6 address as its /64, however it is written", () => {
    const network = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2:3:4:5:6",
      "2001:DB8:1:2::9",
      "2001:0db8:0001:0002::",
      "2001:db8:1:2::1.2.3.4",
    ]) {
      expect(addressSubject(ip)).toBe(network);
    }
    expect(addressSubject("2001:db8:1:3::1")).not.toBe(network);
    expect(addressSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressSubject("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
  });

  it("returns anything else as it is", () => {
    expect(addressSubject("unknown")).toBe("unknown");
    expect(addressSubject("anna@example.com")).toBe("anna@example.com");
  });
});
