import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Addresses Flota never calls on a user's say-so unless the installation allows it (OUTBOUND_ALLOW_PRIVATE):
 * loopback, private (RFC 1918, unique local), link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * "this network", multicast and reserved ranges, and IPv4 mapped into IPv6.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** Whether an IP address is one of the refused ranges (IPv4-mapped IPv6 is judged as its IPv4 address). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], "ipv4");
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) return blocked.check(address, "ipv6");
  return true;
}

export type OutboundCheck =
  | { ok: true; host: string; addresses: Array<{ address: string; family: 4 | 6 }> }
  | { ok: false; reason: "invalid" | "unresolved" | "private" };

/**
 * Resolves the URL's host and refuses it when any address it resolves to is private, loopback or link-local
 * (unless `allowPrivate`). Callers connect to one of the returned addresses, so a name that resolves
 * differently a moment later (DNS rebinding) cannot lead elsewhere.
 */
export async function checkOutboundUrl(url: string, opts: { allowPrivate: boolean }): Promise<OutboundCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: "invalid" };
  }
  const host = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!host) return { ok: false, reason: "invalid" };
  let addresses: Array<{ address: string; family: 4 | 6 }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  else {
    try {
      const found = await lookup(host, { all: true, verbatim: true });
      addresses = found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch {
      return { ok: false, reason: "unresolved" };
    }
  }
  if (!addresses.length) return { ok: false, reason: "unresolved" };
  if (!opts.allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) return { ok: false, reason: "private" };
  return { ok: true, host, addresses };
}
