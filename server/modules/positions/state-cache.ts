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
