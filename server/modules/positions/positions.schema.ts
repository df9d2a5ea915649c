import { z } from "zod";
import { AppError } from "../../errors";

export const uuidSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

/** Ids that are not UUIDs cannot exist: answer NOT_FOUND instead of a database error. */
export function assertUuid(id: string, what = "vehicle"): void {
  if (!uuidSchema.safeParse(id).success) throw new AppError("NOT_FOUND", `${what} not found`);
}

export const fleetFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  team: uuidSchema.optional().catch(undefined),
});

const dateParam = z.union([z.date(), z.string().min(1), z.number()]).transform((v, c) => {
  const d = v instanceof Date ? v : new Date(typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v);
  if (Number.isNaN(d.getTime())) {
    c.addIssue({ code: "custom", message: "invalid date" });
    return z.NEVER;
  }
  return d;
});

export const replayQuerySchema = z.object({
  vehicleId: z.string().min(1),
  from: dateParam,
  to: dateParam,
  format: z.enum(["json", "gpx", "csv"]).default("json"),
});

/** Replay periods: at most 31 days, and nothing older than one year (spec section 9). */
export const REPLAY_MAX_DAYS = 31;
export const RETENTION_DAYS = 365;

/** The oldest instant whose positions are still available: one calendar year back. */
export function retentionCutoff(now: Date = new Date()): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d;
}
