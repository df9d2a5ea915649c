import type { TrackState } from "./track-state";

const MAX_ENTRIES = 200_000;

/**
 * The vehicle states this process last committed, each with the row version it wrote (the committing
 * transaction's id, which PostgreSQL shows as the row's `xmin`). A transaction that locks a state row at that
 * same version can use the state held here instead of reading its 21 columns back: nothing else wrote the row
 * since (another process, the alert timers, or a failed transaction of ours all leave a different or older
 * version, so the state is read again).
 *
 * An entry is taken out while a transaction works on its state and put back only after that transaction
 * commits, so a state changed by a transaction that then failed is never used.
 */
export class StateCache {
  private entries = new Map<string, { version: string; state: TrackState }>();

  /** The state held for `vehicleId` at `version`, removed from the cache; null when not held at that version. */
  take(vehicleId: string, version: string | undefined): TrackState | null {
    const entry = this.entries.get(vehicleId);
    if (!entry) return null;
    this.entries.delete(vehicleId);
    return entry.version === version ? entry.state : null;
  }

  /**
   * Every one of `vehicleIds`' states with the version it is held at, removed from the cache; null (and nothing
   * removed) when any is not held.
   */
  takeAll(vehicleIds: readonly string[]): Map<string, { version: string; state: TrackState }> | null {
    for (const id of vehicleIds) if (!this.entries.has(id)) return null;
    const out = new Map<string, { version: string; state: TrackState }>();
    for (const id of vehicleIds) {
      out.set(id, this.entries.get(id)!);
      this.entries.delete(id);
    }
    return out;
  }

  /** After a commit: `state` is what the row now holds, written by transaction `version`. */
  put(vehicleId: string, version: string, state: TrackState): void {
    if (!version) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(vehicleId, { version, state });
  }

  get size(): number {
    return this.entries.size;
  }
}
