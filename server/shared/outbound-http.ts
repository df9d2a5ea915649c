import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkOutboundUrl, type OutboundCheck } from "./outbound-url";

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/** Connects to the address checked beforehand, whatever the name resolves to now (no DNS rebinding). */
export function pinnedLookup(pin: PinnedAddress): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address: pin.address, family: pin.family }]);
    else cb(null, pin.address, pin.family);
  }) as unknown as LookupFunction;
}

export type OutboundAnswer =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string; refused?: Exclude<OutboundCheck, { ok: true }>["reason"] };

/**
 * One request on a user's say-so through the installation's outbound guard, for callers that send when a job runs
 * (Web Push): the host is resolved and judged now (outbound-url.ts), the connection goes to the address judged, a
 * redirect is an answer like any other (never followed), the body is drained and dropped, and the whole exchange is
 * bounded by `timeoutMs`. It never throws: a refusal, a connection error or a time-out is an answer without status.
 */
export async function guardedRequest(
  target: string,
  opts: {
    method: string;
    headers: Record<string, string | number>;
    body?: Buffer | string | null;
    timeoutMs: number;
    allowPrivate: boolean;
  },
): Promise<OutboundAnswer> {
  const check = await checkOutboundUrl(target, { allowPrivate: opts.allowPrivate });
  if (!check.ok) return { ok: false, status: null, error: `refused: ${check.reason}`, refused: check.reason };
  const url = new URL(target);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: opts.method,
        lookup: pinnedLookup(check.addresses[0]),
        signal: AbortSignal.timeout(opts.timeoutMs),
        headers: opts.headers,
      },
      (res) => {
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
    req.end(opts.body ?? undefined);
  });
}
