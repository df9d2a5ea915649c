import { describe, expect, it } from "vitest";
import { checkOutboundUrl, isPrivateAddress } from "../../server/shared/outbound-url";

describe("checkOutboundUrl: where Flota calls on a user's say-so", () => {
  it("refuses loopback, private, link-local, carrier-grade NAT, unspecified and IPv4-mapped addresses", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.5",
      "172.16.3.4",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd12:3456::1",
      "fe80::1",
      "::ffff:10.0.0.1",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["203.0.113.10", "8.8.8.8", "172.32.0.1", "2001:4860:4860::8888"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("resolves names: localhost is refused unless the installation allows private addresses", async () => {
    expect(await checkOutboundUrl("http://localhost:8080/x", { allowPrivate: false })).toEqual({
      ok: false,
      reason: "private",
    });
    const allowed = await checkOutboundUrl("http://localhost:8080/x", { allowPrivate: true });
    expect(allowed.ok).toBe(true);
    expect(await checkOutboundUrl("mqtt://[::1]:1883", { allowPrivate: false })).toMatchObject({ reason: "private" });
    expect(await checkOutboundUrl("https://203.0.113.10/in", { allowPrivate: false })).toMatchObject({
      ok: true,
      addresses: [{ address: "203.0.113.10", family: 4 }],
    });
    expect(await checkOutboundUrl("not a url", { allowPrivate: true })).toEqual({ ok: false, reason: "invalid" });
    expect(await checkOutboundUrl("http://no-such-host.invalid/", { allowPrivate: true })).toEqual({
      ok: false,
      reason: "unresolved",
    });
  });
});
