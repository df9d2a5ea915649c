import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { SIGNATURE_HEADER, signBody } from "../../shared/signing";
import { guardedLookup, isPrivateAddress } from "../../shared/outbound-url";

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is kept of a receiver's answer: its status only; the body is read and dropped. */
export type PostResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * One POST of a signed body: 10 s for the whole exchange, no redirects followed (a 3xx is a failure), the
 * address checked when connecting (guardedLookup; an IP literal here) so a host that now resolves to a private
 * address is refused.
 */
export function postSigned(
  target: string,
  body: string,
  headers: { secret: string; event: string; deliveryId: string },
  opts: { allowPrivate: boolean; timeoutMs?: number },
): Promise<PostResult> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!opts.allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.resolve({ ok: false, status: null, error: "refused: private address" });
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: guardedLookup(opts.allowPrivate),
        signal: AbortSignal.timeout(opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "User-Agent": "Flota-Webhooks/1",
          [SIGNATURE_HEADER]: signBody(headers.secret, body),
          "X-Flota-Event": headers.event,
          "X-Flota-Delivery": headers.deliveryId,
        },
      },
      (res) => {
        // the status decides; the body is drained and dropped
        res.resume();
        res.on("error", () => undefined);
        const status = res.statusCode ?? 0;
        resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` });
      },
    );
    req.on("error", (err: NodeJS.ErrnoException) => {
      const error = err.name === "AbortError" || err.name === "TimeoutError" ? "timeout" : err.message || err.code;
      resolve({ ok: false, status: null, error: String(error ?? "connection failed") });
    });
    req.end(body);
  });
}
