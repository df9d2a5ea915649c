import type { Logger } from "pino";
import type { DB } from "../../db/database";
import { validatePosition, type DevicePosition } from "../../shared/device-contract";
import type { CompactPosition, KnownDevice } from "../../shared/ports";
import { retentionCutoff } from "./positions.schema";
import { isBulkConflict, isStateChanged, positionsRepo, type PositionRow } from "./positions.repo";
import { writeHooks, type FixBefore, type HookFix, type PositionHook, type PositionHookRun } from "./position-hooks";
import { PositionCopyBuffer } from "./positions.copy";
import { StateCache } from "./state-cache";
import { applyFix, emptyTrackState, type TrackState } from "./track-state";

type PreparedFix = HookFix & { attributes: string };

/** One device packet, validated and deduplicated, waiting for its transaction. */
interface PreparedBatch {
  device: KnownDevice;
  deviceId: string;
  fixes: PreparedFix[];
  resolve(): void;
  reject(err: unknown): void;
}

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

export interface PipelineStats {
  stored: number;
  duplicates: number;
  rejected: number;
  transactions: number;
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

const PARTITION_MISSING = "23514";

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

export function compactOf(vehicleId: string, orgId: string, s: TrackState): CompactPosition {
  return [
    vehicleId,
    orgId,
    s.lat ?? 0,
    s.lon ?? 0,
    Math.round(s.speed * 10) / 10,
    Math.round(s.course),
    s.ignition === null ? -1 : s.ignition ? 1 : 0,
    s.lastFixTime ?? 0,
    s.stateSince ?? 0,
  ];
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

  function seeFix(
    fixRuns: PositionHookRun[],
    device: KnownDevice,
    s: TrackState,
    before: FixBefore,
    f: PreparedFix,
  ): void {
    for (const r of fixRuns) {
      try {
        r.onFix!(device, s, before, f);
      } catch (err) {
        log.error({ err, vehicleId: device.vehicleId }, "a position hook failed on a fix");
      }
    }
  }

  function seeLateFix(lateRuns: PositionHookRun[], device: KnownDevice, f: PreparedFix): void {
    for (const r of lateRuns) {
      try {
        r.onLateFix!(device, f);
      } catch (err) {
        log.error({ err, vehicleId: device.vehicleId }, "a position hook failed on a late fix");
      }
    }
  }

  async function commitGroup(group: PreparedBatch[], retryPartitions = true, bulk = true): Promise<CompactPosition[]> {
    const vehicles = new Map<string, KnownDevice>();
    for (const b of group) vehicles.set(b.device.vehicleId, b.device);
    const ids = [...vehicles.keys()].sort();
    // Every state held in memory: update them unlocked, each checked against the version held (one round trip
    // fewer). Taken out now, so a retry of this group, or a concurrent one, locks and reads them instead.
    const held = stateCache.takeAll(ids);
    const published: CompactPosition[] = [];
    const orgIds = hooks.length ? [...new Set(group.map((b) => b.device.orgId))] : [];
    const runs: PositionHookRun[] = await Promise.all(hooks.map((h) => h.begin(orgIds)));
    const fixRuns = runs.filter((r) => r.onFix);
    const lateRuns = runs.filter((r) => r.onLateFix);
    const written: { xid: string; states: Array<[string, TrackState]> } = { xid: "", states: [] };
    try {
      await db.transaction().execute(async (trx) => {
        const states = new Map<string, TrackState>();
        let xid = "";
        if (held) for (const [id, e] of held) states.set(id, e.state);
        else {
          const missing = ids.filter((id) => !knownStates.has(id));
          await positionsRepo.ensureStates(
            trx,
            missing.map((id) => vehicles.get(id)!),
          );
          const locked = await positionsRepo.lockStates(trx, ids);
          xid = locked.xid;
          const unknown: string[] = [];
          for (const id of ids) {
            const kept = stateCache.take(id, locked.versions.get(id));
            if (kept) states.set(id, kept);
            else if (locked.versions.has(id)) unknown.push(id);
          }
          if (unknown.length) for (const [id, s] of await positionsRepo.readStates(trx, unknown)) states.set(id, s);
        }
        const before = new Map(ids.map((id) => [id, states.get(id)?.lastFixTime ?? null]));
        // a fix that moves its vehicle's state on is newer than everything stored for it: it goes in by COPY
        let records = 0;
        for (const b of group) records += b.fixes.length;
        const copy = bulk ? new PositionCopyBuffer(records) : null;
        const rest: PositionRow[] = [];
        for (const b of group) {
          const vehicleId = b.device.vehicleId;
          let s = states.get(vehicleId);
          if (!s) states.set(vehicleId, (s = emptyTrackState()));
          s.deviceId = b.deviceId;
          for (const f of b.fixes) {
            const lastFixTime = s.lastFixTime;
            const faults = s.faults;
            const odometerM = applyFix(s, f);
            const moved = s.lastFixTime !== lastFixTime;
            if (moved && fixRuns.length) seeFix(fixRuns, b.device, s, { lastFixTime, faults }, f);
            else if (!moved && lateRuns.length && s.lastFixTime !== null && f.fixTime < s.lastFixTime)
              seeLateFix(lateRuns, b.device, f);
            if (moved && copy) copy.add(b.device.orgId, vehicleId, b.deviceId, f, odometerM);
            else
              rest.push({
                orgId: b.device.orgId,
                vehicleId,
                deviceId: b.deviceId,
                ...f,
                odometerM,
              });
          }
        }
        const changed = ids.filter((id) => states.get(id)!.lastFixTime !== before.get(id));
        const hookWrites = runs.some((r) => r.write && r.hasWrites?.() !== false);
        const stored = await positionsRepo.store(
          trx,
          copy,
          rest,
          changed.map((vehicleId) => ({
            vehicleId,
            s: states.get(vehicleId)!,
          })),
          { commit: !hookWrites, versions: held ? changed.map((id) => held.get(id)!.version) : undefined },
        );
        const inserted = stored.inserted;
        if (held) xid = stored.xid ?? "";
        stats.duplicates += records - inserted;
        stats.stored += inserted;
        for (const id of changed) published.push(compactOf(id, vehicles.get(id)!.orgId, states.get(id)!));
        if (hookWrites) await writeHooks(trx, hooks, runs, log);
        written.xid = xid;
        written.states = changed.map((id) => [id, states.get(id)!]);
      });
      stats.transactions++;
      // only the states this transaction wrote: a vehicle with only older fixes was changed in memory, not stored
      for (const [id, s] of written.states) stateCache.put(id, written.xid, s);
      for (const r of runs) if (r.afterCommit) track(Promise.resolve().then(() => r.afterCommit!()));
      for (const id of ids) knownStates.add(id);
    } catch (err) {
      if (held && isStateChanged(err)) {
        // a state held in memory was written by someone else meanwhile: again, locking and reading the states
        log.debug({ batches: group.length }, "vehicle states changed meanwhile; storing the group again with locks");
        return commitGroup(group, retryPartitions, bulk);
      }
      if ((err as { code?: string }).code === PARTITION_MISSING && retryPartitions) {
        // A fix in a month without a partition yet (the daily job creates them ahead): create and retry once.
        const times = group.flatMap((b) => b.fixes.map((f) => f.fixTime));
        await positionsRepo.ensurePartitions(db, new Date(Math.min(...times)), new Date(Math.max(...times)));
        return commitGroup(group, false, bulk);
      }
      if (bulk && isBulkConflict(err)) {
        // A record newer than the vehicle's state was already stored (not by this pipeline): store the group the safe way.
        log.warn({ batches: group.length }, "bulk insert met an already stored position; retrying without COPY");
        return commitGroup(group, retryPartitions, false);
      }
      throw err;
    }
    return published;
  }

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
