import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError } from "../../errors";

/**
 * Where a webhook may point: http or https to a public address. Private, loopback, link-local, unique-local,
 * carrier-grade NAT, multicast and reserved ranges (IPv4 and IPv6) are refused unless the installation sets
 * OUTBOUND_ALLOW_PRIVATE, so an organisation cannot make the server call into its own network. The URL is
 * checked when saved and the address again when connecting (guardedLookup), so a name that later resolves to a
 * private address (DNS rebinding) is refused at delivery time too.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["100::", 64],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

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

export function isPrivateAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(ip);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(ip, "ipv6");
  }
  return true;
}

const invalid = (why: string) => new AppError("WEBHOOK_URL_INVALID", why, { field: "url" });
const refused = () =>
  new AppError("WEBHOOK_URL_PRIVATE", "The address is private or local; webhooks go to public addresses only", {
    field: "url",
  });

/** Parses the URL and refuses what a webhook may not call: a scheme other than http(s), credentials, no host. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid("Not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw invalid("Only http and https URLs are accepted");
  if (!url.hostname) throw invalid("The URL has no host");
  if (url.username || url.password) throw invalid("Credentials in the URL are not accepted; use the secret");
  return url;
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );
}

/** Saving a webhook: the URL's form, then every address its host resolves to (all must be public). */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = parseWebhookUrl(raw);
  if (allowPrivate) return url.toString();
  const host = bareHost(url.hostname);
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw refused();
    return url.toString();
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(host);
  } catch {
    throw invalid("The host name does not resolve");
  }
  if (!addresses.length) throw invalid("The host name does not resolve");
  if (addresses.some((a) => isPrivateAddress(a.address))) throw refused();
  return url.toString();
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
          code: "WEBHOOK_URL_PRIVATE",
        });
        return callback(e, "", 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
