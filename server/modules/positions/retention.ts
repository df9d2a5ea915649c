import type { AppContext } from "../../context";
import { positionsRepo } from "./positions.repo";
import { retentionCutoff } from "./positions.schema";

/** Partitions are created this many months ahead. */
const MONTHS_AHEAD = 2;

/**
 * One-year retention (spec section 9): creates the coming monthly partitions and drops every partition
 * whose whole range is older than one year.
 */
export async function runPositionRetention(ctx: AppContext, now: Date = new Date()) {
  const ahead = new Date(now);
  ahead.setUTCMonth(ahead.getUTCMonth() + MONTHS_AHEAD);
  const created = await positionsRepo.ensurePartitions(ctx.db, now, ahead);
  const dropped = await positionsRepo.dropPartitionsBefore(ctx.db, retentionCutoff(now));
  if (created || dropped.length) ctx.log.info({ created, dropped }, "position partitions maintained");
  return { created, dropped };
}
