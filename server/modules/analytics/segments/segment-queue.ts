import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../../db/schema";
import type { SegmentPoint } from "./segment-detector";
import { segmentsRepo } from "./segments.repo";
import { SegmentBatch, type FencesOf } from "./segments.service";

export interface SegmentQueueOptions {
  /** how long committed fixes wait to be derived together (ms) */
  intervalMs?: number;
  /** derive at once, without waiting for the interval, when this many fixes wait */
  maxPoints?: number;
}

/**
 * Derivation outside the position transaction. The fixes that moved vehicles on, once committed, wait here for
 * up to `intervalMs`, and then one transaction folds every waiting vehicle's fixes into its detector. A position
 * transaction therefore pays nothing for segments, and many small position transactions share one derivation.
 *
 * Nothing is lost when this fails: a failed flush marks its vehicles dirty from their first waiting fix, and a
 * process that dies with fixes waiting leaves its vehicles' positions ahead of their detector state, which the
 * sweep (`segmentsRepo.vehiclesBehind`) marks dirty once the vehicle has been quiet past the grace period.
 */
export class SegmentQueue {
  private pending = new Map<string, { orgId: string; points: SegmentPoint[] }>();
  private pendingPoints = 0;
  private waiters: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly intervalMs: number;
  private readonly maxPoints: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
    private readonly fencesOf: FencesOf,
    opts: SegmentQueueOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.maxPoints = opts.maxPoints ?? 50_000;
  }

  /** Committed fixes in fix-time order per vehicle; resolves once they are derived (or their vehicles marked dirty). */
  add(fixes: Iterable<{ vehicleId: string; orgId: string; point: SegmentPoint }>): Promise<void> {
    let added = 0;
    for (const { vehicleId, orgId, point } of fixes) {
      let v = this.pending.get(vehicleId);
      if (!v) this.pending.set(vehicleId, (v = { orgId, points: [] }));
      v.points.push(point);
      added++;
    }
    if (!added) return Promise.resolve();
    this.pendingPoints += added;
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.pendingPoints >= this.maxPoints) this.flushSoon(0);
    else this.flushSoon(this.intervalMs);
    return done;
  }

  /** Derives what waits now (tests, shutdown). */
  async flush(): Promise<void> {
    while (this.flushing || this.pending.size) {
      if (this.flushing) await this.flushing;
      else await this.run();
    }
  }

  private flushSoon(delayMs: number): void {
    if (this.flushing) return; // the running flush schedules the next one when it ends
    if (this.timer && delayMs > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private run(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flushing) return this.flushing;
    const taken = this.pending;
    const waiters = this.waiters;
    this.pending = new Map();
    this.pendingPoints = 0;
    this.waiters = [];
    this.flushing = this.derive(taken).finally(() => {
      this.flushing = null;
      for (const w of waiters) w();
      if (this.pending.size) this.flushSoon(this.pendingPoints >= this.maxPoints ? 0 : this.intervalMs);
    });
    return this.flushing;
  }

  private async derive(taken: Map<string, { orgId: string; points: SegmentPoint[] }>): Promise<void> {
    if (!taken.size) return;
    const batch = new SegmentBatch(this.fencesOf);
    for (const [vehicleId, v] of taken) for (const p of v.points) batch.add(vehicleId, v.orgId, p, { inOrder: true });
    try {
      await this.db.transaction().execute((trx) => batch.write(trx));
    } catch (err) {
      this.log.error({ err, vehicles: taken.size }, "segment derivation failed; its vehicles are marked for the sweep");
      const marks = [...taken].map(([vehicleId, v]) => ({
        vehicleId,
        orgId: v.orgId,
        from: v.points.reduce((m, p) => Math.min(m, p.t), Infinity),
      }));
      await segmentsRepo
        .markDirty(this.db, marks)
        .catch((e) => this.log.error({ err: e }, "marking vehicles for the segment sweep failed"));
    }
  }
}
