import { isIPv6 } from "node:net";

/**
 * IPv6 text to its eight 16-bit groups, or null. Accepts what Node and the URL parser give and what a user may
 * type: "::" shortening, a dotted IPv4 tail (::ffff:1.2.3.4, ::1.2.3.4) and a zone id (fe80::1%eth0), dropped.
 */
export function ipv6Groups(text: string): number[] | null {
  const address = text.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!isIPv6(address)) return null;
  let body = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (tail) {
    const [a, b, c, d] = tail[1].split(".").map(Number);
    body = `${body.slice(0, -tail[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = body.includes("::") ? body.split("::") : [body, null];
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const missing = 8 - left.length - right.length;
  if (rest === null ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(rest === null ? 0 : missing).fill("0"), ...right].map((g) =>
    parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
const zero = (groups: number[], from: number, to: number) => groups.slice(from, to).every((g) => g === 0);

/**
 * The IPv4 addresses an IPv6 address carries, to be judged as those: IPv4-compatible (::a.b.c.d, so ::7f00:1 is
 * 127.0.0.1), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the local
 * 64:ff9b:1::/48), 6to4 (2002:AABB:CCDD::) and Teredo (2001::/32: its server, and its client stored inverted).
 */
export function embeddedIpv4(groups: number[]): string[] {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups;
  if (zero(groups, 0, 6)) return [v4(g6, g7)];
  if (zero(groups, 0, 5) && g5 === 0xffff) return [v4(g6, g7)];
  if (zero(groups, 0, 4) && g4 === 0xffff && g5 === 0) return [v4(g6, g7)];
  if (g0 === 0x64 && g1 === 0xff9b && (zero(groups, 2, 6) || g2 === 1)) return [v4(g6, g7)];
  if (g0 === 0x2002) return [v4(g1, g2)];
  if (g0 === 0x2001 && g1 === 0) return [v4(g2, g3), v4(~g6 & 0xffff, ~g7 & 0xffff)];
  return [];
}

/** The canonical text of an IPv6 address's groups (no shortening: only compared, never shown). */
export const ipv6Text = (groups: number[]) => groups.map((g) => g.toString(16)).join(":");
