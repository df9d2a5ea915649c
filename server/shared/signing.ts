import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature Flota puts on everything it pushes out (webhooks, position forwarding):
 * `sha256=<hex HMAC-SHA256 of the raw body with the subscriber's secret>`, sent as X-Flota-Signature.
 */
export function signBody(secret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

/** What a receiver does (and the tests do): recompute and compare in constant time. */
export function verifySignature(secret: string, rawBody: string | Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(secret, rawBody));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const SIGNATURE_HEADER = "X-Flota-Signature";
