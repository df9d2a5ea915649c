import type { Transaction } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../db/schema";
import { underSavepoint } from "../../db/savepoint";
import type { KnownDevice } from "../../shared/ports";
import type { Fix, TrackState } from "./track-state";

/** A stored fix as hooks see it: the decoded values plus the device's alarm, if it reported one. */
export type HookFix = Fix & { alarm: string | null };

/** The vehicle's state just before a fix moved it on. */
export interface FixBefore {
  lastFixTime: number | null;
  faults: readonly string[];
}

/**
 * A module that reacts to positions (alerts, and later trips, odometer thresholds, job check-in, …).
 * Positions define this port; modules implement it and the telematics runtime lists them, alerts first.
 */
export interface PositionHook {
  /** used in logs */
  readonly name: string;
  /** Before the transaction, once per group of packets: load what the run needs (rules, thresholds). */
  begin(orgIds: string[]): Promise<PositionHookRun>;
  /** Work a hook defers past its afterCommit (segment derivation waits up to a second): do it now. */
  flush?(): Promise<void>;
}

export interface PositionHookRun {
  /**
   * Inside the transaction, for every fix that moved a vehicle's state on: each vehicle's new fixes in
   * fix-time order, with `state` already updated. Work stays in memory here (no queries per fix);
   * `state.alerts` is the alert engine's memory and is stored with the state.
   */
  onFix?(device: KnownDevice, state: TrackState, before: FixBefore, fix: HookFix): void;
  /**
   * Inside the transaction, for a fix older than the vehicle's latest (a device emptying its buffer): it is stored
   * but did not move the state on. Hooks that derive history from positions (trips) re-derive from it.
   */
  onLateFix?(device: KnownDevice, fix: HookFix): void;
  /** whether `write` has anything to store (saves the savepoint round trips when not) */
  hasWrites?(): boolean;
  /**
   * Inside the transaction, after the positions and states: store what onFix found. It runs under a
   * savepoint, so a failure is logged and undoes only this hook's writes, never the positions.
   */
  write?(trx: Transaction<Database>): Promise<void>;
  /** After the commit (and the devices' acks): announce, enqueue. The pipeline's close waits for it. */
  afterCommit?(): Promise<void> | void;
}

/** Runs each hook's `write` under its own savepoint. */
export async function writeHooks(
  trx: Transaction<Database>,
  hooks: readonly PositionHook[],
  runs: readonly PositionHookRun[],
  log: Logger,
): Promise<void> {
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i];
    const write = run.write;
    if (!write || run.hasWrites?.() === false) continue;
    await underSavepoint(
      trx,
      `flota_hook_${i}`,
      () => write.call(run, trx),
      (err) => log.error({ err, hook: hooks[i].name }, "a position hook failed to write; the positions are kept"),
    );
  }
}
