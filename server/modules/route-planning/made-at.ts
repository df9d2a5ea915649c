import { AppError } from "../../errors";

/** How far ahead of the server's clock a phone's clock may be (its time is then taken as the server's). */
export const MADE_AT_MAX_AHEAD_MS = 2 * 60_000;
/** How old an action queued on a phone without connection may be when it reaches the server. */
export const MADE_AT_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * The time a phone action was made (docs/driver-app.md, "Offline actions"): the server's `now` when the phone sends
 * none; else the client's ISO 8601 instant, refused with MADE_AT_OUT_OF_RANGE when it is more than
 * MADE_AT_MAX_AHEAD_MS in the future or older than MADE_AT_MAX_AGE_MS. A time slightly ahead (clock skew) is
 * recorded as `now`: nothing is recorded in the server's future.
 */
export function madeAt(raw: unknown, now: Date = new Date()): Date {
  if (raw === undefined || raw === null || raw === "") return now;
  const text = typeof raw === "string" ? raw.trim() : raw instanceof Date ? raw.toISOString() : "";
  // an instant needs its offset: a wall-clock time without one would be read in the server's zone
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text) ? new Date(text) : null;
  if (!at || Number.isNaN(at.getTime()))
    throw new AppError("VALIDATION", "made_at must be an ISO 8601 instant with its offset", { field: "made_at" });
  const ahead = at.getTime() - now.getTime();
  if (ahead > MADE_AT_MAX_AHEAD_MS || -ahead > MADE_AT_MAX_AGE_MS) {
    throw new AppError("MADE_AT_OUT_OF_RANGE", "The action's time is in the future or more than 24 hours old", {
      field: "made_at",
      made_at: at.toISOString(),
    });
  }
  return ahead > 0 ? now : at;
}
