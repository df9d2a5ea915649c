import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { BlockList, isIP, isIPv4, type LookupFunction } from "node:net";
import { embeddedIpv4, ipv6Groups, ipv6Text } from "./ip-address";

/**
 * The one guard for every address Flota calls on a user's say-so (webhooks, position forwarding): loopback,
 * private (RFC 1918, unique local), link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, "this
 * network", benchmarking, multicast, reserved and deprecated site-local ranges are refused unless the installation
 * sets OUTBOUND_ALLOW_PRIVATE, so an organisation cannot make the server call into its own network. An IPv4
 * address carried in IPv6 (compatible, mapped, translated, NAT64, 6to4, Teredo) is judged as that IPv4 address. The documentation ranges
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
  // NAT64 for local use (RFC 8215): the IPv4 side is the operator's own network
  ["64:ff9b:1::", 48],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/**
 * Whether an IP address is one of the refused ranges; anything that is not an IP address counts as refused. An
 * IPv6 address is normalised first (zone id dropped, every spelling of the same address the same groups) and
 * judged by the IPv4 addresses it carries as well (ip-address.ts), so ::7f00:1 and ::ffff:0:7f00:1 are loopback.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIPv4(address)) return blocked.check(address, "ipv4");
  const groups = ipv6Groups(address);
  if (!groups) return true;
  if (blocked.check(ipv6Text(groups), "ipv6")) return true;
  return embeddedIpv4(groups).some((v4) => blocked.check(v4, "ipv4"));
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
