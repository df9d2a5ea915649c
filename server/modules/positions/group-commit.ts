import type { Logger } from "pino";
import type { DB } from "../../db/database";
import type { CompactPosition, KnownDevice } from "../../shared/ports";
import { isBulkConflict, isStateChanged, positionsRepo, type PositionRow } from "./positions.repo";
import { writeHooks, type FixBefore, type HookFix, type PositionHook, type PositionHookRun } from "./position-hooks";
import { PositionCopyBuffer } from "./positions.copy";
import type { StateCache } from "./state-cache";
import { applyFix, emptyTrackState, type TrackState } from "./track-state";

export type PreparedFix = HookFix & { attributes: string };

/** One device packet, validated and deduplicated, waiting for its transaction. */
export interface PreparedBatch {
  device: KnownDevice;
  deviceId: string;
  fixes: PreparedFix[];
  resolve(): void;
  reject(err: unknown): void;
}

/** What the pipeline counts (the commit adds stored records, duplicates and transactions). */
export interface PipelineStats {
  stored: number;
  duplicates: number;
  rejected: number;
  transactions: number;
}

/** How one attempt at a group stores it; a retry turns one of these off. */
interface Attempt {
  /** new fixes go in by COPY (off: every record by INSERT … ON CONFLICT DO NOTHING) */
  bulk: boolean;
  /** a missing month partition may still be created and the group tried again */
  createPartitions: boolean;
}

const FIRST_ATTEMPT: Attempt = { bulk: true, createPartitions: true };
const PARTITION_MISSING = "23514";
const isPartitionMissing = (err: unknown) => (err as { code?: string } | null)?.code === PARTITION_MISSING;

/** The states taken out of the cache for one attempt (`StateCache.takeAll`). */
type HeldStates = NonNullable<ReturnType<StateCache["takeAll"]>>;

type Retry = "state changed" | "partition missing" | "bulk conflict";

/**
 * The retry rule, in the order it is checked: which attempt follows a failed one, or null (the error stands).
 *
 * | failure                                             | next attempt                                     |
 * | --------------------------------------------------- | ------------------------------------------------ |
 * | a state held in memory was written meanwhile        | the same, locking and reading the states         |
 * | a fix in a month without a partition (first time)   | after creating the partitions, never again       |
 * | the COPY met a record already stored                | without COPY                                     |
 *
 * Anything else fails the group; the pipeline then stores its packets one by one (`flush` in positions.service.ts).
 */
function retryOf(err: unknown, attempt: Attempt, usedHeldStates: boolean): { retry: Retry; next: Attempt } | null {
  // the held states are out of the cache now, so the next attempt locks and reads them
  if (usedHeldStates && isStateChanged(err)) return { retry: "state changed", next: attempt };
  // the daily job creates partitions ahead; a fix beyond them (a device's clock) creates them once
  if (attempt.createPartitions && isPartitionMissing(err))
    return { retry: "partition missing", next: { ...attempt, createPartitions: false } };
  // a record newer than the vehicle's state was already stored (not by this pipeline): the safe way
  if (attempt.bulk && isBulkConflict(err)) return { retry: "bulk conflict", next: { ...attempt, bulk: false } };
  return null;
}

/** The live message of a vehicle's new state (its fields in `POS` order, server/shared/live-position.ts). */
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

export interface GroupCommitDeps {
  db: DB;
  log: Logger;
  hooks: readonly PositionHook[];
  stats: PipelineStats;
  /** the states this process last committed (see state-cache.ts) */
  stateCache: StateCache;
  /** vehicles whose state row exists */
  knownStates: Set<string>;
  /** after-commit work that must not delay the acks */
  track(work: Promise<void> | void): void;
}

/**
 * Stores a group of packets in one transaction and returns the live messages of the vehicles that moved on. Steps
 * of one attempt: take the held states → the hooks' `begin` → in the transaction: read (or lock) the states, apply
 * the fixes, store positions, states and the hooks' writes → after the commit: cache, announce. A failed attempt is
 * tried again by `retryOf`'s rule.
 */
export function createGroupCommit(deps: GroupCommitDeps): (group: PreparedBatch[]) => Promise<CompactPosition[]> {
  const { db, log, hooks, stats, stateCache, knownStates } = deps;

  function seeFix(fixRuns: PositionHookRun[], device: KnownDevice, s: TrackState, before: FixBefore, f: PreparedFix) {
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

  /** The held path: the group's states as this process last committed them (no read; `store` checks each version). */
  function heldStates(held: HeldStates): { states: Map<string, TrackState>; xid: string } {
    const states = new Map<string, TrackState>();
    for (const [id, e] of held) states.set(id, e.state);
    return { states, xid: "" };
  }

  /** The locking path: the rows locked in id order, read back only where not held at the version locked. */
  async function lockedStates(
    trx: DB,
    ids: string[],
    vehicles: Map<string, KnownDevice>,
  ): Promise<{ states: Map<string, TrackState>; xid: string }> {
    const states = new Map<string, TrackState>();
    const missing = ids.filter((id) => !knownStates.has(id));
    await positionsRepo.ensureStates(
      trx,
      missing.map((id) => vehicles.get(id)!),
    );
    const locked = await positionsRepo.lockStates(trx, ids);
    const unknown: string[] = [];
    for (const id of ids) {
      const kept = stateCache.take(id, locked.versions.get(id));
      if (kept) states.set(id, kept);
      else if (locked.versions.has(id)) unknown.push(id);
    }
    if (unknown.length) for (const [id, s] of await positionsRepo.readStates(trx, unknown)) states.set(id, s);
    return { states, xid: locked.xid };
  }

  /**
   * Every fix onto its vehicle's state, in the group's order; the hooks see each one. A fix that moves its vehicle's
   * state on is newer than everything stored for it: it goes in by COPY (when bulk), the others by INSERT.
   */
  function applyFixes(group: PreparedBatch[], states: Map<string, TrackState>, runs: PositionHookRun[], bulk: boolean) {
    const fixRuns = runs.filter((r) => r.onFix);
    const lateRuns = runs.filter((r) => r.onLateFix);
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
    return { copy, rest, records };
  }

  /** One attempt: the group in one transaction, then the after-commit steps. */
  async function attemptCommit(
    group: PreparedBatch[],
    attempt: Attempt,
    vehicles: Map<string, KnownDevice>,
    ids: string[],
    held: HeldStates | null,
    runs: PositionHookRun[],
  ): Promise<CompactPosition[]> {
    const published: CompactPosition[] = [];
    const written: { xid: string; states: Array<[string, TrackState]> } = { xid: "", states: [] };
    await db.transaction().execute(async (trx) => {
      const read = held ? heldStates(held) : await lockedStates(trx, ids, vehicles);
      const { states } = read;
      let xid = read.xid;
      const before = new Map(ids.map((id) => [id, states.get(id)?.lastFixTime ?? null]));
      const { copy, rest, records } = applyFixes(group, states, runs, attempt.bulk);
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
    for (const r of runs) if (r.afterCommit) deps.track(Promise.resolve().then(() => r.afterCommit!()));
    for (const id of ids) knownStates.add(id);
    return published;
  }

  return async function commitGroup(group) {
    const vehicles = new Map<string, KnownDevice>();
    for (const b of group) vehicles.set(b.device.vehicleId, b.device);
    const ids = [...vehicles.keys()].sort();
    const orgIds = hooks.length ? [...new Set(group.map((b) => b.device.orgId))] : [];
    let attempt = FIRST_ATTEMPT;
    for (;;) {
      // Every state held in memory: update them unlocked, each checked against the version held (one round trip
      // fewer). Taken out now, so a retry of this group, or a concurrent one, locks and reads them instead.
      const held = stateCache.takeAll(ids);
      const runs: PositionHookRun[] = await Promise.all(hooks.map((h) => h.begin(orgIds)));
      try {
        return await attemptCommit(group, attempt, vehicles, ids, held, runs);
      } catch (err) {
        const again = retryOf(err, attempt, held !== null);
        if (!again) throw err;
        if (again.retry === "state changed")
          log.debug({ batches: group.length }, "vehicle states changed meanwhile; storing the group again with locks");
        else if (again.retry === "partition missing") {
          const times = group.flatMap((b) => b.fixes.map((f) => f.fixTime));
          await positionsRepo.ensurePartitions(db, new Date(Math.min(...times)), new Date(Math.max(...times)));
        } else log.warn({ batches: group.length }, "bulk insert met an already stored position; retrying without COPY");
        attempt = again.next;
      }
    }
  };
}
