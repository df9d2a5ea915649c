import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { SIGNATURE_HEADER } from "../../shared/signing";

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/** Connects to the address checked beforehand, whatever the name resolves to now (no DNS rebinding). */
function pinnedLookup(pin: PinnedAddress): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address: pin.address, family: pin.family }]);
    else cb(null, pin.address, pin.family);
  }) as unknown as LookupFunction;
}

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
