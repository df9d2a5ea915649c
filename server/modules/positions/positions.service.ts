import type { Logger } from "pino";
import type { DB } from "../../db/database";
import { validatePosition, type DevicePosition } from "../../shared/device-contract";
import type { CompactPosition, KnownDevice } from "../../shared/ports";
import { retentionCutoff } from "./positions.schema";
import type { PositionHook } from "./position-hooks";
import { createGroupCommit, type PipelineStats, type PreparedBatch, type PreparedFix } from "./group-commit";
import { StateCache } from "./state-cache";

export type { PipelineStats } from "./group-commit";

export interface PipelineOptions {
  db: DB;
  log: Logger;
  /** device identifier → vehicle; null for a device no longer attached (its records are dropped) */
  lookup(deviceId: string): Promise<KnownDevice | null>;
  /** called after each commit with the new latest position of every vehicle that moved on */
  publish?(positions: CompactPosition[]): Promise<void> | void;
  /** modules that see every new fix inside the transaction and act after the commit, in this order */
  hooks?: readonly PositionHook[];
  /** transactions running at once; batches arriving meanwhile are committed together (group commit) */
  concurrency?: number;
  maxGroupRecords?: number;
  now?: () => Date;
}

export interface PositionPipeline {
  /**
   * The gateways' onPositions: resolves once the records are committed (or dropped as invalid), with the
   * number of valid records committed (a record already stored counts: it is durable either way).
   */
  onPositions(deviceId: string, positions: DevicePosition[]): Promise<number>;
  readonly stats: PipelineStats;
  /** Resolves once the after-commit work started so far (publishing, hooks, deferred derivation) has finished. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** Validation rules on top of the gateway's validatePosition: nothing older than the one-year retention. */
export function checkPosition(
  p: DevicePosition,
  now: Date,
  cutoffMs = retentionCutoff(now).getTime(),
): { ok: true } | { ok: false; reason: string } {
  const basic = validatePosition(p, now);
  if (!basic.ok) return basic;
  if (p.fixTime.getTime() < cutoffMs) return { ok: false, reason: "fix time older than one year" };
  return { ok: true };
}

/** The device's values that are kept as attributes, appended to its own attributes' JSON without copying them. */
function attributesJson(p: DevicePosition): string {
  const json = JSON.stringify(p.attributes);
  let extra = "";
  // jsonb keeps the last of duplicate keys, as the object spread this replaces did
  if (p.motion !== undefined) extra += `,"motion":${p.motion}`;
  if (p.power !== undefined) extra += `,"power":${JSON.stringify(p.power)}`;
  if (p.alarm !== undefined) extra += `,"alarm":${JSON.stringify(p.alarm)}`;
  if (p.odometer !== undefined) extra += `,"deviceOdometer":${JSON.stringify(p.odometer)}`;
  if (!extra) return json;
  return json.length === 2 ? `{${extra.slice(1)}}` : `${json.slice(0, -1)}${extra}}`;
}

function toFix(p: DevicePosition): PreparedFix {
  return {
    fixTime: p.fixTime.getTime(),
    lat: p.latitude,
    lon: p.longitude,
    speed: p.speed,
    course: p.course,
    altitude: p.altitude,
    satellites: p.satellites,
    valid: p.valid,
    ignition: p.ignition ?? null,
    odometer: p.odometer ?? null,
    attributes: attributesJson(p),
    alarm: p.alarm ?? null,
  };
}

export function createPositionPipeline(opts: PipelineOptions): PositionPipeline {
  const { db, log } = opts;
  const now = opts.now ?? (() => new Date());
  const hooks = opts.hooks ?? [];
  const concurrency = opts.concurrency ?? 2;
  const maxGroup = opts.maxGroupRecords ?? 5000;
  const stats: PipelineStats = {
    stored: 0,
    duplicates: 0,
    rejected: 0,
    transactions: 0,
  };
  const queue: PreparedBatch[] = [];
  const knownStates = new Set<string>();
  const stateCache = new StateCache();
  let running = 0;
  let idle: (() => void) | null = null;

  // After-commit work (publishing, hooks' announcements) never delays an ack; the hub drops a message older than one it already sent.
  const publishing = new Set<Promise<void>>();
  function track(work: Promise<void> | void): void {
    if (!work) return;
    const p = work
      .catch((err) => log.warn({ err }, "work after a commit failed (publishing or a hook)"))
      .finally(() => publishing.delete(p));
    publishing.add(p);
  }
  function publish(positions: CompactPosition[]): void {
    if (!positions.length || !opts.publish) return;
    track(Promise.resolve().then(() => opts.publish!(positions)));
  }

  const commitGroup = createGroupCommit({ db, log, hooks, stats, stateCache, knownStates, track });

  async function flush(group: PreparedBatch[]): Promise<void> {
    try {
      const published = await commitGroup(group);
      for (const b of group) b.resolve();
      publish(published);
    } catch (err) {
      if (group.length === 1) {
        group[0].reject(err);
        return;
      }
      // One bad packet must not fail its neighbours: retry each on its own.
      log.warn({ err, batches: group.length }, "group commit failed; retrying packets one by one");
      for (const b of group) await flush([b]);
    }
  }

  function pump(): void {
    while (running < concurrency && queue.length) {
      const group: PreparedBatch[] = [];
      let records = 0;
      while (queue.length && (group.length === 0 || records + queue[0].fixes.length <= maxGroup)) {
        const b = queue.shift()!;
        records += b.fixes.length;
        group.push(b);
      }
      running++;
      void flush(group).finally(() => {
        running--;
        if (queue.length) pump();
        else if (running === 0 && idle) idle();
      });
    }
  }

  async function settle(): Promise<void> {
    // after-commit work starts on a microtask after its commit: let it begin, then ask deferring hooks not to wait
    await new Promise((resolve) => setImmediate(resolve));
    while (publishing.size) await Promise.all([...publishing, ...hooks.map((h) => h.flush?.())]);
  }

  return {
    stats,
    async onPositions(deviceId, positions) {
      const device = await opts.lookup(deviceId);
      if (!device) {
        stats.rejected += positions.length;
        return 0;
      }
      const at = now();
      const cutoffMs = retentionCutoff(at).getTime();
      const fixes: PreparedBatch["fixes"] = [];
      let inOrder = true;
      for (const p of positions) {
        const check = checkPosition(p, at, cutoffMs);
        if (!check.ok) {
          stats.rejected++;
          log.debug({ deviceId, reason: check.reason }, "position dropped");
          continue;
        }
        const f = toFix(p);
        if (inOrder && fixes.length && f.fixTime < fixes[fixes.length - 1].fixTime) inOrder = false;
        fixes.push(f);
      }
      if (!inOrder) fixes.sort((a, b) => a.fixTime - b.fixTime); // stable: the first of equal times stays first
      // a record repeated in the packet (same fix time) is kept once, the first one
      let kept = 0;
      for (const f of fixes) {
        if (kept > 0 && f.fixTime === fixes[kept - 1].fixTime) stats.duplicates++;
        else fixes[kept++] = f;
      }
      fixes.length = kept;
      if (!kept) return 0;
      await new Promise<void>((resolve, reject) => {
        queue.push({ device, deviceId, fixes, resolve, reject });
        pump();
      });
      return fixes.length;
    },
    settle,
    async close() {
      if (running > 0 || queue.length > 0) await new Promise<void>((resolve) => (idle = resolve));
      await settle();
    },
  };
}
