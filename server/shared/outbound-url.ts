import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * The one guard for every address Flota calls on a user's say-so (webhooks, position forwarding): loopback,
 * private (RFC 1918, unique local), link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, "this
 * network", benchmarking, multicast, reserved and deprecated site-local ranges are refused unless the installation
 * sets OUTBOUND_ALLOW_PRIVATE, so an organisation cannot make the server call into its own network. An IPv4
 * address carried in IPv6 (mapped, compatible, NAT64) is judged as that IPv4 address. The documentation ranges
 * (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32) route nowhere, so refusing them protects nothing.
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
  ["fec0::", 10],
  ["ff00::", 8],
  ["100::", 64],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** An IPv4 address carried inside an IPv6 one (::ffff:a.b.c.d, ::a.b.c.d, NAT64 64:ff9b::/96), else null. */
function embeddedIpv4(ip: string): string | null {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1], 16);
  const lo = parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an IP address is one of the refused ranges; anything that is not an IP address counts as refused. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    return v4 ? blocked.check(v4, "ipv4") : blocked.check(address, "ipv6");
  }
  return true;
}

export type OutboundCheck =
  | { ok: true; host: string; addresses: Array<{ address: string; family: 4 | 6 }> }
  | { ok: false; reason: "invalid" | "unresolved" | "private" };

/**
 * Resolves the URL's host and refuses it when any address it resolves to is private, loopback or link-local
 * (unless `allowPrivate`). Callers connect to one of the returned addresses, or resolve through `guardedLookup`,
 * so a name that resolves differently a moment later (DNS rebinding) cannot lead elsewhere.
 */
export async function checkOutboundUrl(url: string | URL, opts: { allowPrivate: boolean }): Promise<OutboundCheck> {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
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

/** The `lookup` of an outgoing request: resolves as usual, then refuses a private answer (DNS rebinding). */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (bad || !list.length) {
        const e = Object.assign(new Error(`refused: ${hostname} resolves to a private address`), {
          code: "OUTBOUND_URL_PRIVATE",
        });
        return callback(e, "", 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
