import { setTimeout as sleep } from "node:timers/promises";
import type { AppContext } from "../../context";
import type { JobDefinition } from "../../job-definition";
import { addressesRepo } from "./addresses.repo";
import { GEOCODE_JOB, kickGeocoder } from "./addresses.service";
import { geocoderOf, reverseGeocode } from "./geocoder";

/** A run stops taking new cells after this long, so the next minute's run does not pile up behind it. */
const RUN_BUDGET_MS = 50_000;
/** Errors in a row for one cell before it is marked failed (asked again a day later). */
const MAX_ATTEMPTS = 3;
const BATCH = 50;

/**
 * Looks up the street addresses waiting in the cache (cells that reports, logs and pages asked for), one request at
 * a time at GEOCODER_RATE_PER_SEC across every process (the slot row in geocoder_slots), until none is left or the
 * run's budget is spent. Nothing to do without GEOCODER_URL.
 */
export async function geocodeWaiting(
  ctx: AppContext,
  opts: { budgetMs?: number; signal?: AbortSignal } = {},
): Promise<{ looked: number; found: number; failed: number }> {
  const g = geocoderOf(ctx.config);
  const out = { looked: 0, found: 0, failed: 0 };
  if (!g) return out;
  const until = Date.now() + (opts.budgetMs ?? RUN_BUDGET_MS);
  const interval = 1000 / g.ratePerSec;
  const tried = new Set<string>();
  while (Date.now() < until && !opts.signal?.aborted) {
    const cells = (await addressesRepo.waiting(ctx.db, BATCH)).filter((c) => !tried.has(`${c.latE4},${c.lonE4}`));
    if (!cells.length) break;
    for (const c of cells) {
      if (Date.now() >= until || opts.signal?.aborted) break;
      tried.add(`${c.latE4},${c.lonE4}`);
      const wait = await addressesRepo.reserveSlot(ctx.db, interval);
      if (wait > 0) await sleep(wait, undefined, { signal: opts.signal }).catch(() => undefined);
      if (opts.signal?.aborted) break;
      out.looked++;
      try {
        const r = await reverseGeocode(g, c.latE4 / 1e4, c.lonE4 / 1e4);
        await addressesRepo.store(ctx.db, c, r);
        if (r.address) out.found++;
      } catch (err) {
        out.failed++;
        ctx.log.warn({ err, lat: c.latE4 / 1e4, lon: c.lonE4 / 1e4 }, "reverse geocoding failed");
        await addressesRepo.store(ctx.db, c, { error: true, maxAttempts: MAX_ATTEMPTS });
      }
    }
  }
  return out;
}

export const addressesJobs: JobDefinition[] = [
  {
    queue: GEOCODE_JOB.queue,
    name: GEOCODE_JOB.name,
    // one run at a time per worker; the slot row keeps several workers to the rate together
    concurrency: 1,
    handler: async (_job, ctx, signal) => geocodeWaiting(ctx, { signal }),
  },
  {
    // every minute (recurring jobs live on the maintenance queue): starts a run when cells are waiting, e.g. after
    // a run stopped at its budget or a kick was lost
    queue: "maintenance",
    name: "geocode-sweep",
    repeat: { every: 60_000 },
    concurrency: 1,
    handler: async (_job, ctx) => {
      if (!geocoderOf(ctx.config) || !(await addressesRepo.waiting(ctx.db, 1)).length) return { queued: false };
      await kickGeocoder(ctx);
      return { queued: true };
    },
  },
];
