import type { SolveOptions, SolveStatus } from "../types";

const YIELD_EVERY_MS = 40;

const now = () => performance.now();

export interface BestSnapshot {
  cost: number;
  vehicles: number;
  unassigned: number;
}

/**
 * Iteration bookkeeping shared by the search phases: time limit, iteration limit, cancellation,
 * yielding to the event loop (so an AbortSignal fired elsewhere is seen) and throttled progress.
 */
export class Control {
  readonly t0 = now();
  readonly timeLimit: number;
  readonly maxIter: number;
  it = 0;
  status: SolveStatus = "completed";
  private lastYield = now();
  private lastProgress = -Infinity;

  constructor(
    private readonly options: SolveOptions,
    private readonly best: () => BestSnapshot,
  ) {
    this.timeLimit = options.timeLimitMs ?? 10_000;
    this.maxIter = options.maxIterations ?? Infinity;
  }

  elapsed(): number {
    return now() - this.t0;
  }

  /** Progress of the whole search in [0, 1], by time or by iterations, whichever is further. */
  fraction(): number {
    return Math.max(this.elapsed() / this.timeLimit, this.maxIter === Infinity ? 0 : this.it / this.maxIter);
  }

  /** Counts one more iteration, or returns false when the search has to stop (before phaseEnd for a phase). */
  async next(phaseEnd = 1): Promise<boolean> {
    if (this.status !== "completed") return false;
    if (this.it >= this.maxIter) return false;
    const t = now();
    const elapsed = t - this.t0;
    if (this.options.signal?.aborted) {
      this.status = "cancelled";
      return false;
    }
    if (elapsed >= this.timeLimit) {
      this.status = "time_limit";
      return false;
    }
    if (t - this.lastYield >= YIELD_EVERY_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.lastYield = now();
      if (this.options.signal?.aborted) {
        this.status = "cancelled";
        return false;
      }
    }
    if (elapsed - this.lastProgress >= (this.options.progressIntervalMs ?? 250)) this.report();
    if (phaseEnd < 1 && this.fraction() >= phaseEnd) return false;
    this.it++;
    return true;
  }

  report() {
    const elapsed = this.elapsed();
    this.lastProgress = elapsed;
    const b = this.best();
    this.options.onProgress?.({
      elapsedMs: Math.round(elapsed),
      iteration: this.it,
      bestCost: b.cost,
      vehicles: b.vehicles,
      unassigned: b.unassigned,
    });
  }
}
