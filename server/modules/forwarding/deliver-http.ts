import http from "node:http";
import https from "node:https";
import { pinnedLookup, type PinnedAddress } from "../../shared/outbound-http";
import { SIGNATURE_HEADER } from "../../shared/signing";

export type { PinnedAddress };

/**
 * POSTs one signed JSON batch; resolves on a 2xx answer, rejects with a short reason otherwise (the target's
 * status shows it). Redirects are not followed: a receiver that moved gets its new address in the target.
 */
export function postBatch(
  url: string,
  pin: PinnedAddress,
  body: string,
  signature: string,
  batchId: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  const u = new URL(url);
  const client = u.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      u,
      {
        method: "POST",
        lookup: pinnedLookup(pin),
        timeout: timeoutMs,
        signal,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "User-Agent": "Flota position forwarding",
          [SIGNATURE_HEADER]: signature,
          "X-Flota-Batch": batchId,
        },
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new Error(`HTTP ${status}`));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (err) => reject(err));
    req.end(body);
  });
}
